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
const JUDGED_OPTIONS = JUDGED_BANDS.map((b) => ({ value: b, label: JUDGED_LABELS[b] ?? b }));

type Question = Omit<FieldDef, 'section'>;

/** A question of one kind: its fact, its label, the tools that ask it and, for a choice, its options. */
const ask =
  (kind: FieldKind) =>
  (
    name: keyof CompanyFacts,
    label: string,
    tools: readonly Tool[],
    options?: FieldDef['options'],
  ): Question => ({
    name,
    label,
    kind,
    tools,
    ...(options ? { options } : {}),
  });
const bool = ask('bool');
const count = ask('count');
const amount = ask('amount');
const percent = ask('percent');
const years = ask('years');
const date = ask('date');
const choice = ask('choice');
const multi = ask('multi');

/** The questions of one section, in the order asked. */
const section = (name: string, questions: readonly Question[]): FieldDef[] =>
  questions.map((q) => ({ ...q, section: name }));

export const FIELDS: readonly FieldDef[] = [
  ...section('基本情况', [
    date('reg_time', '注册成立日期', ALL),
    bool('is_sme', '符合《中小企业划型标准规定》', ['sme', 'match']),
    bool('is_hightech', '持有有效的高新技术企业证书', ['sme', 'match']),
    bool('good_standing', '未列入经营异常名录或严重失信主体名单', SME),
    bool('no_major_incident', '未发生重大安全、质量事故或严重环境违法行为', ['hts', 'sme']),
    bool('in_hightech_field', '核心技术属于《国家重点支持的高新技术领域》', HTS),
  ]),
  ...section('人员', [
    count('staff_total', '职工总数（人）', ALL),
    count('staff_tech', '科技人员（人）', HTS),
    count('staff_rd', '研发人员（人）', SME),
  ]),
  ...section('财务（近三年）', [
    years('revenue', '销售（营业）收入（万元）', ALL),
    years('main_revenue', '主营业务收入（万元）', SME),
    years('net_assets', '年末净资产（万元）', HTS),
    years('rd_expense', '研究开发费用（万元）', ALL),
    percent('rd_domestic_pct', '境内研发费用占比（%）', HTS),
    percent('hightech_income_pct', '近一年高新技术产品（服务）收入占比（%）', HTS),
    percent('debt_ratio_pct', '上年末资产负债率（%）', SME),
    percent('net_profit_pct', '上年度净利润率（%）', SME),
    amount('equity_2y', '近两年新增股权融资（万元）', SME),
    amount('equity_3y', '近三年新增股权融资（万元）', SME),
  ]),
  ...section('知识产权', [
    count('ip_class1', 'Ⅰ类知识产权（发明专利等，项）', ALL),
    count('ip_class2', 'Ⅱ类知识产权（实用新型、外观设计、软件著作权等，项）', ALL),
    count('ip_class1_self', '其中自主研发的Ⅰ类知识产权（项）', SME),
    count('ip_high_value', '其中Ⅰ类高价值知识产权（项）', SME),
    count('ip_class1_applied', '与主导产品相关、已产生经济效益的Ⅰ类知识产权（项）', SME),
    choice('ip_acquisition', '知识产权获得方式', HTS, [
      { value: 'self', label: '有自主研发' },
      { value: 'transfer', label: '仅有受让、受赠和并购等' },
    ]),
    choice('tech_advancement', '技术的先进程度', HTS, JUDGED_OPTIONS),
    choice('core_support', '对主要产品（服务）的核心支持作用', HTS, JUDGED_OPTIONS),
    bool('standards', '参与编制国家标准、行业标准、检测方法或技术规范', HTS),
  ]),
  ...section('研发与转化', [
    count('conversions_3y', '近三年科技成果转化（项）', HTS),
    multi(
      'rd_org',
      '研究开发组织管理（已具备的勾选）',
      HTS,
      RD_ORG_CLAUSES.map((c) => ({ value: c, label: RD_ORG_CLAUSE_NAMES[c] })),
    ),
    choice('rd_institute', '研发机构级别', SME, [
      { value: 'national', label: '国家级' },
      { value: 'provincial', label: '省级' },
      { value: 'city', label: '市级' },
      { value: 'below_city', label: '市级以下' },
      { value: 'none', label: '未建立' },
    ]),
  ]),
  ...section('荣誉与资质', [
    choice('sci_award', '近三年科技奖励', SME, [
      { value: 'none', label: '无' },
      { value: 'provincial', label: '省级' },
      { value: 'national', label: '国家级' },
    ]),
    count('sci_award_rank', '在获奖单位中的排名', SME),
    bool('innovation_honour', '国家级技术创新示范企业、知识产权优势或示范企业', SME),
    choice('chuangke', '"创客中国"中小企业创新创业大赛', SME, [
      { value: 'none', label: '未获奖' },
      { value: 'top500', label: '全国500强企业组' },
      { value: 'top50', label: '全国50强企业组' },
    ]),
  ]),
  ...section('专精特新', [
    amount('niche_years', '从事特定细分市场年限（年）', SME),
    bool('strategic_emerging', '主导产品属于《战略性新兴产业分类》', SME),
    choice('key_field', '主导产品所属领域', SME, [
      { value: 'chain', label: '产业链关键环节"补短板""锻长板""填空白"取得实效' },
      { value: 'basic', label: '工业"六基"、中华老字号或关键产业链龙头配套' },
      { value: 'none', label: '不属于以上情况' },
    ]),
    choice('digital_level', '数字化水平', SME, [
      { value: 1, label: '一级' },
      { value: 2, label: '二级' },
      { value: 3, label: '三级' },
      { value: 4, label: '四级' },
    ]),
    multi('quality', '质量管理与品牌', SME, [
      { value: 'award', label: '获得省级以上质量奖' },
      { value: 'iso', label: '取得质量管理体系等认证' },
      { value: 'brand', label: '拥有自主品牌' },
      { value: 'standard', label: '参与制修订标准' },
    ]),
    amount('featured_points', '特色化指标自评得分（0-15，按所在省份指标）', SME),
    bool('info_system', '至少1项核心业务采用信息系统支撑', SME),
    percent('market_share_pct', '主导产品全国细分市场占有率（%）', SME),
    bool('key_product_field', '主导产品属于制造业核心基础、十大重点产业或网络强国重点领域', SME),
  ]),
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
