// Words the demo-data generator composes realistic Chinese content from: company names, departments, policy titles.
import { CITIES, type City } from '@uc/shared';

/** Characters of trade names (字号); two make one, e.g. 华创, 博远. */
export const TRADE_NAME_CHARS: readonly string[] = [
  ...'华创智腾信达恒瑞博汇联明海鑫盛宏泰德安康源新天金云星锐迅拓凯越嘉诚乐优睿辰卓鹏航光远通力升润丰益和美佳万立讯捷众奥晟昊宇晶微芯数弘景元融普维尚逸峰驰邦欣科中深粤鸿泽钧铭朗坤宸熙',
];

/** Industry sections with their share of customers and the words their company names use. */
export const INDUSTRY_PROFILE: readonly { code: string; weight: number; words: readonly string[] }[] = [
  {
    code: 'C',
    weight: 30,
    words: [
      '电子',
      '精密制造',
      '智能装备',
      '新材料',
      '医疗器械',
      '光电',
      '电池',
      '自动化设备',
      '半导体',
      '机械',
    ],
  },
  {
    code: 'I',
    weight: 22,
    words: ['科技', '信息技术', '软件', '网络科技', '数据服务', '云计算', '智能科技'],
  },
  { code: 'M', weight: 15, words: ['检测技术', '生物科技', '技术服务', '工程技术', '环保科技', '研究院'] },
  { code: 'F', weight: 9, words: ['贸易', '商贸', '供应链', '电子商务'] },
  { code: 'L', weight: 6, words: ['企业管理咨询', '商务服务', '人力资源', '知识产权代理'] },
  { code: 'E', weight: 4, words: ['建设工程', '建筑装饰', '机电工程'] },
  { code: 'G', weight: 3, words: ['物流', '国际货运代理', '供应链管理'] },
  { code: 'K', weight: 2, words: ['置业', '物业管理'] },
  { code: 'R', weight: 2, words: ['文化传媒', '影视文化', '数字娱乐'] },
  { code: 'Q', weight: 2, words: ['医疗科技', '健康管理'] },
  { code: 'N', weight: 2, words: ['环境工程', '生态环境', '水务科技'] },
  { code: 'D', weight: 1, words: ['新能源', '电力科技'] },
  { code: 'A', weight: 0.5, words: ['农业科技', '生态农业'] },
  { code: 'H', weight: 0.5, words: ['餐饮管理', '酒店管理'] },
  { code: 'J', weight: 0.4, words: ['融资租赁', '投资管理'] },
  { code: 'O', weight: 0.3, words: ['家政服务', '维修服务'] },
  { code: 'P', weight: 0.3, words: ['教育科技', '职业培训'] },
];

/** Where customers are: Shenzhen districts mostly, then the other cities of regions.ts. */
export const AREA_WEIGHTS: readonly (readonly [string, number])[] = [
  ['440305', 19], // 南山区
  ['440304', 11], // 福田区
  ['440306', 13], // 宝安区
  ['440307', 11], // 龙岗区
  ['440309', 8], // 龙华区
  ['440303', 4], // 罗湖区
  ['440311', 4], // 光明区
  ['440310', 3], // 坪山区
  ['440308', 1], // 盐田区
  ['440106', 3], // 广州 天河区
  ['440112', 2], // 广州 黄埔区
  ['440105', 1], // 广州 海珠区
  ['440113', 1], // 广州 番禺区
  ['441900', 6], // 东莞市
  ['440606', 2], // 佛山 顺德区
  ['440605', 2], // 佛山 南海区
  ['440402', 2], // 珠海 香洲区
  ['441302', 1], // 惠州 惠城区
  ['442000', 1], // 中山市
];

/** A customer mix centred on Guangzhou (goldvip01's). */
export const GUANGZHOU_AREA_WEIGHTS: readonly (readonly [string, number])[] = [
  ['440106', 20],
  ['440112', 12],
  ['440105', 8],
  ['440113', 8],
  ['440111', 7],
  ['440104', 6],
  ['440114', 3],
  ['440115', 3],
  ['440118', 2],
  ['440305', 6],
  ['440304', 4],
  ['441900', 4],
  ['440606', 3],
];

/** The short city name used in company names: 深圳市 -> 深圳. */
export function cityShort(city: City): string {
  return city.cityname.replace(/市$/, '');
}

export function cityOf(code: string): City {
  const city = CITIES.find((c) => c.citycode === code || c.districts.some((d) => d.code === code));
  if (!city) throw new Error(`unknown area ${code}`);
  return city;
}

export function districtName(code: string): string | undefined {
  return cityOf(code).districts.find((d) => d.code === code)?.name;
}

export const PROVINCE = '广东省';

/** Province-level departments (province-wide items: no city). */
export const PROVINCE_DEPTS = [
  '广东省科学技术厅',
  '广东省工业和信息化厅',
  '广东省商务厅',
  '广东省发展和改革委员会',
  '广东省市场监督管理局',
  '广东省人力资源和社会保障厅',
] as const;

/** City-level departments, by city code. */
export function cityDepts(citycode: string): string[] {
  if (citycode === '440300') {
    return [
      '深圳市科技创新委员会',
      '深圳市工业和信息化局',
      '深圳市商务局',
      '深圳市发展和改革委员会',
      '深圳市市场监督管理局',
      '深圳市中小企业服务局',
      '深圳市人力资源和社会保障局',
    ];
  }
  const city = cityOf(citycode).cityname;
  const science = citycode === '440400' ? `${city}科技创新局` : `${city}科学技术局`;
  return [science, `${city}工业和信息化局`, `${city}商务局`, `${city}发展和改革局`];
}

/** District-level departments. */
export function districtDepts(areaCode: string): string[] {
  const name = districtName(areaCode);
  if (!name) return [];
  return [`${name}科技创新局`, `${name}工业和信息化局`, `${name}企业服务中心`];
}

/** A declaration programme: its notice, its public notice, the project it funds, and the industries it targets. */
export interface Programme {
  /** 申报通知 title; {year} and {region} are filled in. */
  notice: string;
  /** 公示公告 title. */
  publicity: string;
  /** Recommended project name. */
  project: string;
  /** The qualification a public notice grants. */
  qualification: string;
  industries: readonly string[];
  /** Which department family issues it. */
  dept: 'science' | 'industry' | 'commerce' | 'market';
}

/** The high-tech enterprise recognition: what names a high-tech customer in a public notice. */
export const HIGHTECH_PROGRAMME: Programme = {
  notice: '关于组织申报{year}年度{region}高新技术企业认定的通知',
  publicity: '关于{region}{year}年第{batch}批拟认定高新技术企业名单的公示',
  project: '{year}年{region}高新技术企业认定奖励',
  qualification: '高新技术企业',
  industries: ['C', 'I', 'M'],
  dept: 'science',
};

export const PROGRAMMES: readonly Programme[] = [
  HIGHTECH_PROGRAMME,
  {
    notice: '关于开展{year}年{region}专精特新中小企业申报工作的通知',
    publicity: '{year}年度{region}专精特新中小企业拟认定名单公示',
    project: '{year}年{region}专精特新中小企业奖励',
    qualification: '专精特新中小企业',
    industries: ['C', 'I'],
    dept: 'industry',
  },
  {
    notice: '关于组织开展{year}年{region}科技型中小企业评价入库工作的通知',
    publicity: '{region}{year}年第{batch}批入库科技型中小企业名单公示',
    project: '{year}年{region}科技型中小企业研发补助',
    qualification: '科技型中小企业',
    industries: ['I', 'M', 'C'],
    dept: 'science',
  },
  {
    notice: '关于组织申报{year}年度{region}企业研究开发资助计划的通知',
    publicity: '关于{year}年{region}企业研究开发资助拟资助项目的公示',
    project: '{year}年{region}企业研究开发资助计划',
    qualification: '企业研究开发资助',
    industries: ['C', 'I', 'M', 'Q'],
    dept: 'science',
  },
  {
    notice: '关于申报{year}年{region}工业企业技术改造扶持计划的通知',
    publicity: '关于{year}年{region}工业企业技术改造扶持计划拟资助项目的公示',
    project: '{year}年{region}工业企业技术改造扶持计划（设备投资）',
    qualification: '技术改造扶持',
    industries: ['C', 'D'],
    dept: 'industry',
  },
  {
    notice: '关于组织申报{year}年{region}知识产权资助项目的通知',
    publicity: '关于{year}年度{region}知识产权资助拟资助名单的公示',
    project: '{year}年{region}知识产权资助（发明专利）',
    qualification: '知识产权资助',
    industries: ['C', 'I', 'M'],
    dept: 'market',
  },
  {
    notice: '关于征集{year}年{region}首台（套）重大技术装备推广应用项目的通知',
    publicity: '{year}年{region}首台（套）重大技术装备推广应用项目拟支持名单公示',
    project: '{year}年{region}首台（套）重大技术装备奖励',
    qualification: '首台（套）重大技术装备',
    industries: ['C'],
    dept: 'industry',
  },
  {
    notice: '关于组织申报{year}年{region}商贸流通业发展专项资金的通知',
    publicity: '关于{year}年{region}商贸流通业发展专项资金拟资助项目的公示',
    project: '{year}年{region}商贸流通业发展专项资金',
    qualification: '商贸流通业发展专项资金',
    industries: ['F', 'G', 'H'],
    dept: 'commerce',
  },
  {
    notice: '关于组织申报{year}年{region}数字化转型示范项目的通知',
    publicity: '{year}年{region}数字化转型示范项目拟入选名单公示',
    project: '{year}年{region}数字化转型示范项目资助',
    qualification: '数字化转型示范项目',
    industries: ['C', 'I', 'F', 'L'],
    dept: 'industry',
  },
  {
    notice: '关于开展{year}年度{region}创新型中小企业评价工作的通知',
    publicity: '{region}{year}年度创新型中小企业拟认定名单公示',
    project: '{year}年{region}创新型中小企业培育支持',
    qualification: '创新型中小企业',
    industries: ['C', 'I', 'M', 'L'],
    dept: 'industry',
  },
  {
    notice: '关于组织申报{year}年{region}现代物流业发展专项资金的通知',
    publicity: '关于{year}年{region}现代物流业发展专项资金拟资助项目的公示',
    project: '{year}年{region}现代物流业发展专项资金',
    qualification: '现代物流业发展专项资金',
    industries: ['G'],
    dept: 'commerce',
  },
  {
    notice: '关于组织申报{year}年{region}文化产业发展专项资金的通知',
    publicity: '关于{year}年{region}文化产业发展专项资金拟资助项目的公示',
    project: '{year}年{region}文化产业发展专项资金',
    qualification: '文化产业发展专项资金',
    industries: ['R', 'I'],
    dept: 'commerce',
  },
  {
    notice: '关于开展{year}年{region}绿色工厂和节能环保项目申报的通知',
    publicity: '{year}年{region}绿色制造名单拟推荐名单公示',
    project: '{year}年{region}节能环保和绿色制造专项资金',
    qualification: '绿色工厂',
    industries: ['C', 'N', 'E'],
    dept: 'industry',
  },
  {
    notice: '关于组织申报{year}年{region}技术创新中心的通知',
    publicity: '关于{year}年{region}技术创新中心拟认定名单的公示',
    project: '{year}年{region}技术创新中心建设资助',
    qualification: '技术创新中心',
    industries: ['M', 'C'],
    dept: 'science',
  },
];

/** 政策动态 headlines; {region} and {year} are filled in. */
export const POLICY_NEWS = [
  '{region}印发《关于加快推动制造业高质量发展的若干措施》',
  '{region}出台支持专精特新中小企业高质量发展若干措施',
  '解读：{region}{year}年企业研发投入激励政策要点',
  '{region}发布《促进数字经济产业高质量发展的若干措施》',
  '{region}关于进一步支持中小微企业纾困发展的通知',
  '一图读懂{region}高新技术企业培育政策',
  '{region}优化营商环境改革举措解读',
  '{region}发布人工智能产业高质量发展行动方案',
  '{region}印发《科技金融深度融合发展实施方案》',
  '{region}发布{year}年度促进外贸稳规模优结构若干措施',
  '政策解读｜{region}工业企业技术改造扶持新政',
  '{region}发布知识产权强市建设实施意见',
  '{region}推动新能源汽车产业链高质量发展若干措施',
  '{region}关于促进生物医药产业集群发展的若干措施',
];

/** News (最新发布) headlines and the paragraphs their articles are built from. */
export const NEWS_TOPICS: readonly { title: string; paragraphs: readonly string[] }[] = [
  {
    title: '{year}年{region}高新技术企业认定工作正式启动',
    paragraphs: [
      '近日，{dept}发布通知，{year}年度{region}高新技术企业认定工作正式启动。本年度认定工作分批次开展，企业可通过“高新技术企业认定管理工作网”在线提交申请材料。',
      '通知明确，申请认定的企业须在{region}注册成立一年以上，通过自主研发、受让、受赠、并购等方式获得对其主要产品（服务）在技术上发挥核心支持作用的知识产权的所有权。',
      '企业从事研发和相关技术创新活动的科技人员占企业当年职工总数的比例不低于10%，近三个会计年度的研究开发费用总额占同期销售收入总额的比例应符合相应要求。',
      '{dept}提醒，企业应如实填报申请材料，对弄虚作假的企业将取消其认定资格，并在五年内不再受理其认定申请。',
    ],
  },
  {
    title: '{region}发布{year}年企业研发投入激励政策申报指南',
    paragraphs: [
      '为引导企业加大研发投入，{dept}近日发布{year}年企业研发投入激励政策申报指南，对符合条件的企业按上年度研发投入增量给予一定比例的资助。',
      '申报企业须在{region}依法登记注册，具有独立法人资格，上年度研发费用支出达到规定标准，并已按规定进行研发费用加计扣除申报。',
      '本次申报采取网上申报方式，企业登录相关业务系统填写申报信息并上传材料，逾期不予受理。',
      '业内人士表示，研发投入激励政策对科技型中小企业降低创新成本、提升核心竞争力具有重要作用，建议符合条件的企业及早准备。',
    ],
  },
  {
    title: '{region}专精特新中小企业培育再加码',
    paragraphs: [
      '{dept}日前印发促进专精特新中小企业高质量发展的若干措施，从梯度培育、融资支持、市场开拓、人才引进等方面提出具体举措。',
      '措施提出，对首次认定的国家级专精特新“小巨人”企业和省级专精特新中小企业分别给予奖励，并在技术改造、数字化转型等项目申报中予以优先支持。',
      '同时，鼓励金融机构开发“专精特新贷”等专属产品，为企业提供信用贷款、知识产权质押融资等服务。',
      '截至目前，{region}已累计培育专精特新中小企业数千家，成为稳增长、促创新的重要力量。',
    ],
  },
  {
    title: '{year}年{region}工业企业技术改造扶持计划开始申报',
    paragraphs: [
      '{dept}近日发布通知，组织开展{year}年工业企业技术改造扶持计划申报工作，重点支持企业设备更新、智能化改造和绿色化改造。',
      '符合条件的项目按照设备、软件购置额的一定比例给予资助，单个项目最高资助金额按申报指南执行。',
      '申报项目须于规定时间内开工建设，并已完成项目备案。企业应按要求提供设备购置发票、项目备案证明等材料。',
      '相关负责人表示，技术改造扶持计划将进一步推动制造业高端化、智能化、绿色化发展。',
    ],
  },
  {
    title: '{region}知识产权资助政策调整，发明专利资助更加聚焦',
    paragraphs: [
      '{dept}近日对知识产权资助政策进行调整，资助重点由数量向质量转变，进一步聚焦高价值发明专利和海外专利布局。',
      '调整后，对获得授权的发明专利、PCT国际专利申请等给予资助，对实用新型和外观设计专利不再给予一般性资助。',
      '此外，对知识产权质押融资的企业给予贴息支持，对获得中国专利奖的企业给予配套奖励。',
      '{dept}提醒企业关注申报时间节点，按要求在线提交资助申请。',
    ],
  },
  {
    title: '{region}举办{year}年惠企政策宣讲会',
    paragraphs: [
      '为帮助企业及时了解和用好各项惠企政策，{dept}近日举办{year}年惠企政策宣讲会，来自辖区的数百家企业代表参加。',
      '宣讲会上，相关业务部门负责人围绕高新技术企业认定、研发资助、技术改造、知识产权资助等政策进行了详细解读，并现场解答企业提问。',
      '与会企业代表表示，宣讲会内容实用，对企业把握政策方向、做好项目申报帮助很大。',
      '下一步，{dept}将持续开展政策进园区、进企业活动，推动惠企政策直达快享。',
    ],
  },
  {
    title: '{region}数字化转型示范项目申报指南发布',
    paragraphs: [
      '{dept}发布{year}年数字化转型示范项目申报指南，支持企业开展生产设备联网、工业软件应用和数据驱动的业务创新。',
      '指南明确，示范项目应具有较强的带动作用和推广价值，项目投资、实施进度和预期成效应清晰可考核。',
      '入选项目将按项目投资额的一定比例给予资助，并纳入数字化转型典型案例予以宣传推广。',
      '企业可登录政务服务平台了解申报要求并在线提交材料。',
    ],
  },
  {
    title: '{year}年{region}科技型中小企业评价入库持续开展',
    paragraphs: [
      '根据科技型中小企业评价工作安排，{year}年{region}科技型中小企业评价入库工作全年常态化开展，企业可随时登录服务平台填报。',
      '入库企业可享受研发费用加计扣除等税收优惠政策，并作为高新技术企业培育的重要后备力量。',
      '{dept}表示，将加强对入库企业的跟踪服务，推动更多科技型中小企业成长为高新技术企业。',
      '企业在填报过程中如遇问题，可拨打服务热线咨询。',
    ],
  },
];

/** Subscriptions the demo member follows (订阅). */
export const SUBSCRIPTION_TITLES = [
  '深圳市 · 高新技术企业认定',
  '南山区 · 企业研究开发资助',
  '广东省 · 专精特新中小企业',
  '深圳市 · 工业企业技术改造扶持计划',
  '深圳市 · 知识产权资助',
  '宝安区 · 科技创新专项资金',
  '广东省 · 创新型中小企业评价',
  '深圳市 · 数字化转型示范项目',
  '龙岗区 · 企业上市培育',
  '深圳市 · 首台（套）重大技术装备',
  '福田区 · 产业发展专项资金',
  '深圳市 · 商贸流通业发展专项资金',
] as const;

/** The demo member's own funding records (资助记录): project, department, 万元. */
export const DEMO_FUNDING: readonly (readonly [string, string, string])[] = [
  ['2025年深圳市高新技术企业认定奖励', '深圳市科技创新委员会', '30'],
  ['2025年南山区企业研究开发资助', '南山区科技创新局', '52.8'],
  ['2025年深圳市工业企业技术改造扶持计划', '深圳市工业和信息化局', '120.5'],
  ['2024年广东省专精特新中小企业奖励', '广东省工业和信息化厅', '20'],
  ['2025年深圳市知识产权资助（发明专利）', '深圳市市场监督管理局', '8.6'],
  ['2025年深圳市商贸流通业发展专项资金', '深圳市商务局', '15.25'],
];
