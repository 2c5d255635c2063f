// The questionnaire's fields: label, kind and which tools ask them. One list, so the three tools ask the same
// question the same way and share the answers saved per customer.
import { type CompanyFacts, JUDGED_BANDS, RD_ORG_CLAUSE_NAMES, RD_ORG_CLAUSES } from '@uc/shared';

export type Tool = 'hts' | 'sme' | 'match';
export type FieldKind = 'count' | 'amount' | 'percent' | 'years' | 'bool' | 'choice' | 'multi' | 'date';

export interface FieldDef {
  name: keyof CompanyFacts;
  label: string;
  kind: FieldKind;
  tools: readonly Tool[];
  section: string;
  options?: readonly { value: string | number; label: string }[];
  help?: string;
}

const HTS: Tool[] = ['hts'];
const SME: Tool[] = ['sme'];
const ALL: Tool[] = ['hts', 'sme', 'match'];

const JUDGED_LABELS: Record<string, string> = {
  A: 'A 高/强',
  B: 'B 较高/较强',
  C: 'C 一般',
  D: 'D 较低/较弱',
  E: 'E 无',
};

export const FIELDS: readonly FieldDef[] = [
  { name: 'reg_time', label: '注册成立日期', kind: 'date', tools: ALL, section: '基本情况' },
  {
    name: 'is_sme',
    label: '符合《中小企业划型标准规定》',
    kind: 'bool',
    tools: ['sme', 'match'],
    section: '基本情况',
  },
  {
    name: 'is_hightech',
    label: '持有有效的高新技术企业证书',
    kind: 'bool',
    tools: ['sme', 'match'],
    section: '基本情况',
  },
  {
    name: 'good_standing',
    label: '未列入经营异常名录或严重失信主体名单',
    kind: 'bool',
    tools: SME,
    section: '基本情况',
  },
  {
    name: 'no_major_incident',
    label: '未发生重大安全、质量事故或严重环境违法行为',
    kind: 'bool',
    tools: ['hts', 'sme'],
    section: '基本情况',
  },
  {
    name: 'in_hightech_field',
    label: '核心技术属于《国家重点支持的高新技术领域》',
    kind: 'bool',
    tools: HTS,
    section: '基本情况',
  },
  { name: 'staff_total', label: '职工总数（人）', kind: 'count', tools: ALL, section: '人员' },
  { name: 'staff_tech', label: '科技人员（人）', kind: 'count', tools: HTS, section: '人员' },
  { name: 'staff_rd', label: '研发人员（人）', kind: 'count', tools: SME, section: '人员' },
  {
    name: 'revenue',
    label: '销售（营业）收入（万元）',
    kind: 'years',
    tools: ALL,
    section: '财务（近三年）',
  },
  {
    name: 'main_revenue',
    label: '主营业务收入（万元）',
    kind: 'years',
    tools: SME,
    section: '财务（近三年）',
  },
  { name: 'net_assets', label: '年末净资产（万元）', kind: 'years', tools: HTS, section: '财务（近三年）' },
  { name: 'rd_expense', label: '研究开发费用（万元）', kind: 'years', tools: ALL, section: '财务（近三年）' },
  {
    name: 'rd_domestic_pct',
    label: '境内研发费用占比（%）',
    kind: 'percent',
    tools: HTS,
    section: '财务（近三年）',
  },
  {
    name: 'hightech_income_pct',
    label: '近一年高新技术产品（服务）收入占比（%）',
    kind: 'percent',
    tools: HTS,
    section: '财务（近三年）',
  },
  {
    name: 'debt_ratio_pct',
    label: '上年末资产负债率（%）',
    kind: 'percent',
    tools: SME,
    section: '财务（近三年）',
  },
  {
    name: 'net_profit_pct',
    label: '上年度净利润率（%）',
    kind: 'percent',
    tools: SME,
    section: '财务（近三年）',
  },
  {
    name: 'equity_2y',
    label: '近两年新增股权融资（万元）',
    kind: 'amount',
    tools: SME,
    section: '财务（近三年）',
  },
  {
    name: 'equity_3y',
    label: '近三年新增股权融资（万元）',
    kind: 'amount',
    tools: SME,
    section: '财务（近三年）',
  },
  {
    name: 'ip_class1',
    label: 'Ⅰ类知识产权（发明专利等，项）',
    kind: 'count',
    tools: ALL,
    section: '知识产权',
  },
  {
    name: 'ip_class2',
    label: 'Ⅱ类知识产权（实用新型、外观设计、软件著作权等，项）',
    kind: 'count',
    tools: ALL,
    section: '知识产权',
  },
  {
    name: 'ip_class1_self',
    label: '其中自主研发的Ⅰ类知识产权（项）',
    kind: 'count',
    tools: SME,
    section: '知识产权',
  },
  {
    name: 'ip_high_value',
    label: '其中Ⅰ类高价值知识产权（项）',
    kind: 'count',
    tools: SME,
    section: '知识产权',
  },
  {
    name: 'ip_class1_applied',
    label: '与主导产品相关、已产生经济效益的Ⅰ类知识产权（项）',
    kind: 'count',
    tools: SME,
    section: '知识产权',
  },
  {
    name: 'ip_acquisition',
    label: '知识产权获得方式',
    kind: 'choice',
    tools: HTS,
    section: '知识产权',
    options: [
      { value: 'self', label: '有自主研发' },
      { value: 'transfer', label: '仅有受让、受赠和并购等' },
    ],
  },
  {
    name: 'tech_advancement',
    label: '技术的先进程度',
    kind: 'choice',
    tools: HTS,
    section: '知识产权',
    options: JUDGED_BANDS.map((b) => ({ value: b, label: JUDGED_LABELS[b] ?? b })),
  },
  {
    name: 'core_support',
    label: '对主要产品（服务）的核心支持作用',
    kind: 'choice',
    tools: HTS,
    section: '知识产权',
    options: JUDGED_BANDS.map((b) => ({ value: b, label: JUDGED_LABELS[b] ?? b })),
  },
  {
    name: 'standards',
    label: '参与编制国家标准、行业标准、检测方法或技术规范',
    kind: 'bool',
    tools: HTS,
    section: '知识产权',
  },
  {
    name: 'conversions_3y',
    label: '近三年科技成果转化（项）',
    kind: 'count',
    tools: HTS,
    section: '研发与转化',
  },
  {
    name: 'rd_org',
    label: '研究开发组织管理（已具备的勾选）',
    kind: 'multi',
    tools: HTS,
    section: '研发与转化',
    options: RD_ORG_CLAUSES.map((c) => ({ value: c, label: RD_ORG_CLAUSE_NAMES[c] })),
  },
  {
    name: 'rd_institute',
    label: '研发机构级别',
    kind: 'choice',
    tools: SME,
    section: '研发与转化',
    options: [
      { value: 'national', label: '国家级' },
      { value: 'provincial', label: '省级' },
      { value: 'city', label: '市级' },
      { value: 'below_city', label: '市级以下' },
      { value: 'none', label: '未建立' },
    ],
  },
  {
    name: 'sci_award',
    label: '近三年科技奖励',
    kind: 'choice',
    tools: SME,
    section: '荣誉与资质',
    options: [
      { value: 'none', label: '无' },
      { value: 'provincial', label: '省级' },
      { value: 'national', label: '国家级' },
    ],
  },
  { name: 'sci_award_rank', label: '在获奖单位中的排名', kind: 'count', tools: SME, section: '荣誉与资质' },
  {
    name: 'innovation_honour',
    label: '国家级技术创新示范企业、知识产权优势或示范企业',
    kind: 'bool',
    tools: SME,
    section: '荣誉与资质',
  },
  {
    name: 'chuangke',
    label: '"创客中国"中小企业创新创业大赛',
    kind: 'choice',
    tools: SME,
    section: '荣誉与资质',
    options: [
      { value: 'none', label: '未获奖' },
      { value: 'top500', label: '全国500强企业组' },
      { value: 'top50', label: '全国50强企业组' },
    ],
  },
  {
    name: 'niche_years',
    label: '从事特定细分市场年限（年）',
    kind: 'amount',
    tools: SME,
    section: '专精特新',
  },
  {
    name: 'strategic_emerging',
    label: '主导产品属于《战略性新兴产业分类》',
    kind: 'bool',
    tools: SME,
    section: '专精特新',
  },
  {
    name: 'key_field',
    label: '主导产品所属领域',
    kind: 'choice',
    tools: SME,
    section: '专精特新',
    options: [
      { value: 'chain', label: '产业链关键环节"补短板""锻长板""填空白"取得实效' },
      { value: 'basic', label: '工业"六基"、中华老字号或关键产业链龙头配套' },
      { value: 'none', label: '不属于以上情况' },
    ],
  },
  {
    name: 'digital_level',
    label: '数字化水平',
    kind: 'choice',
    tools: SME,
    section: '专精特新',
    options: [
      { value: 1, label: '一级' },
      { value: 2, label: '二级' },
      { value: 3, label: '三级' },
      { value: 4, label: '四级' },
    ],
  },
  {
    name: 'quality',
    label: '质量管理与品牌',
    kind: 'multi',
    tools: SME,
    section: '专精特新',
    options: [
      { value: 'award', label: '获得省级以上质量奖' },
      { value: 'iso', label: '取得质量管理体系等认证' },
      { value: 'brand', label: '拥有自主品牌' },
      { value: 'standard', label: '参与制修订标准' },
    ],
  },
  {
    name: 'featured_points',
    label: '特色化指标自评得分（0-15，按所在省份指标）',
    kind: 'amount',
    tools: SME,
    section: '专精特新',
  },
  {
    name: 'info_system',
    label: '至少1项核心业务采用信息系统支撑',
    kind: 'bool',
    tools: SME,
    section: '专精特新',
  },
  {
    name: 'market_share_pct',
    label: '主导产品全国细分市场占有率（%）',
    kind: 'percent',
    tools: SME,
    section: '专精特新',
  },
  {
    name: 'key_product_field',
    label: '主导产品属于制造业核心基础、十大重点产业或网络强国重点领域',
    kind: 'bool',
    tools: SME,
    section: '专精特新',
  },
];

/** The fields one tool asks, grouped by section in order. */
export function sectionsFor(tool: Tool): { section: string; fields: FieldDef[] }[] {
  const out: { section: string; fields: FieldDef[] }[] = [];
  for (const field of FIELDS.filter((f) => f.tools.includes(tool))) {
    const last = out[out.length - 1];
    if (last && last.section === field.section) last.fields.push(field);
    else out.push({ section: field.section, fields: [field] });
  }
  return out;
}
