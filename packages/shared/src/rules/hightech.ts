// 高新技术企业认定: the eight conditions of 《高新技术企业认定管理办法》(国科发火〔2016〕32号) 第十一条 and the
// innovation-ability score of 《高新技术企业认定管理工作指引》(国科发火〔2016〕195号) "企业创新能力评价": four items,
// 100 points, integer points, "综合得分达到70分以上（不含70分）" i.e. at least 71. Pure: no I/O, no clock.
import { type CompanyFacts, RD_ORG_CLAUSES, type RdOrgClause, ratioPct, type ThreeYears } from './facts.js';
import {
  type AtLeastBand,
  type Band,
  bandAtLeast,
  type ConditionStatus,
  check,
  itemOf,
  overall,
  pct,
  type RuleCondition,
  type ScoredIndicator,
  type ScoredItem,
  scored,
  unknownIndicator,
} from './scoring.js';

const GUIDE = '《高新技术企业认定管理工作指引》企业创新能力评价';
const MEASURES = '《高新技术企业认定管理办法》第十一条';

/** 综合得分达到70分以上（不含70分）: with integer points, 71. */
export const HTS_PASS_LINE = 71;

/** 技术的先进程度 / 核心支持作用: expert-judged bands (工作指引, 知识产权 (1)(2)). */
const JUDGED: Record<string, Band> = {
  A: { band: 'A', label: 'A档', points: [7, 8] },
  B: { band: 'B', label: 'B档', points: [5, 6] },
  C: { band: 'C', label: 'C档', points: [3, 4] },
  D: { band: 'D', label: 'D档', points: [1, 2] },
  E: { band: 'E', label: 'E档', points: [0, 0] },
};

/** 知识产权数量 (工作指引, 知识产权 (3)). */
export function ipQuantityBand(class1: number, class2: number): Band {
  if (class1 >= 1) return { band: 'A', label: 'A档：Ⅰ类1项及以上', points: [7, 8] };
  if (class2 >= 5) return { band: 'B', label: 'B档：Ⅱ类5项及以上', points: [5, 6] };
  if (class2 >= 3) return { band: 'C', label: 'C档：Ⅱ类3-4项', points: [3, 4] };
  if (class2 >= 1) return { band: 'D', label: 'D档：Ⅱ类1-2项', points: [1, 2] };
  return { band: 'E', label: 'E档：0项', points: [0, 0] };
}

/** 科技成果转化能力: by the yearly average of conversions (工作指引, 科技成果转化能力). */
export const CONVERSION_BANDS: readonly AtLeastBand[] = [
  { band: 'A', label: 'A档：转化能力强（年均≥5项）', atLeast: 5, points: [25, 30] },
  { band: 'B', label: 'B档：转化能力较强（年均≥4项）', atLeast: 4, points: [19, 24] },
  { band: 'C', label: 'C档：转化能力一般（年均≥3项）', atLeast: 3, points: [13, 18] },
  { band: 'D', label: 'D档：转化能力较低（年均≥2项）', atLeast: 2, points: [7, 12] },
  { band: 'E', label: 'E档：转化能力低（年均≥1项）', atLeast: 1, points: [1, 6] },
  { band: 'F', label: 'F档：转化能力无（0项）', atLeast: Number.NEGATIVE_INFINITY, points: [0, 0] },
];

/** 净资产增长率 / 销售收入增长率, each ≤10 (工作指引, 企业成长性); a rate of 0 or below scores 0. */
export const GROWTH_BANDS: readonly AtLeastBand[] = [
  { band: 'A', label: 'A档：≥35%', atLeast: 35, points: [9, 10] },
  { band: 'B', label: 'B档：≥25%', atLeast: 25, points: [7, 8] },
  { band: 'C', label: 'C档：≥15%', atLeast: 15, points: [5, 6] },
  { band: 'D', label: 'D档：≥5%', atLeast: 5, points: [3, 4] },
  { band: 'E', label: 'E档：>0', atLeast: Number.MIN_VALUE, points: [1, 2] },
  { band: 'F', label: 'F档：≤0', atLeast: Number.NEGATIVE_INFINITY, points: [0, 0] },
];

/**
 * 研究开发组织管理水平 (≤20) in its four parts. The guide gives each part a maximum (6, 6, 4, 4) and lets experts
 * judge; the platform splits a part's points evenly over the clauses the guide lists in it (its convention, stated
 * in docs/policy-rules.md), so a consultant gets the same number from the same ticks.
 */
export const RD_ORG_PARTS: readonly {
  key: string;
  name: string;
  max: number;
  clauses: readonly RdOrgClause[];
}[] = [
  {
    key: 'rd_org_1',
    name: '研发组织管理制度、研发投入核算体系、研发费用辅助账',
    max: 6,
    clauses: ['system', 'accounting', 'ledger'],
  },
  {
    key: 'rd_org_2',
    name: '内部研究开发机构及科研条件、产学研合作',
    max: 6,
    clauses: ['institute', 'cooperation'],
  },
  {
    key: 'rd_org_3',
    name: '科技成果转化组织实施与激励奖励制度、开放式创新创业平台',
    max: 4,
    clauses: ['conversion_incentive', 'platform'],
  },
  {
    key: 'rd_org_4',
    name: '科技人员培养进修、职工技能培训、优秀人才引进、人才绩效评价奖励制度',
    max: 4,
    clauses: ['training', 'skills', 'talent', 'performance'],
  },
];

export const RD_ORG_CLAUSE_NAMES: Record<RdOrgClause, string> = {
  system: '制定了企业研究开发的组织管理制度',
  accounting: '建立了研发投入核算体系',
  ledger: '编制了研发费用辅助账',
  institute: '设立了内部科学技术研究开发机构并具备相应的科研条件',
  cooperation: '与国内外研究开发机构开展多种形式产学研合作',
  conversion_incentive: '建立了科技成果转化的组织实施与激励奖励制度',
  platform: '建立开放式的创新创业平台',
  training: '建立了科技人员的培养进修制度',
  skills: '建立了职工技能培训制度',
  talent: '建立了优秀人才引进制度',
  performance: '建立了人才绩效评价奖励制度',
};

/**
 * The three-year growth rate of 工作指引 企业成长性: 1/2 × (A2/A1 + A3/A2) − 1, in percent. A first year of 0 (or an
 * unknown one: 实际经营期不满三年) counts the last two years only (A3/A2 − 1); a second year of 0 scores 0 (null).
 */
export function growthRatePct([a1, a2, a3]: ThreeYears): number | null | 'unknown' {
  if (a2 === null || a3 === null) return 'unknown';
  if (a2 <= 0) return null;
  const rate = a1 === null || a1 <= 0 ? a3 / a2 - 1 : (a2 / a1 + a3 / a2) / 2 - 1;
  // Unrounded: 1.35 − 1 in floating point must still reach the 35 % band, so round only off the 12th decimal.
  return Math.round(rate * 1e14) / 1e12;
}

/** The R&D expense ratio 第十一条(五) asks of the latest year's revenue (万元): 5 %, 4 % or 3 %. */
export function requiredRdRatio(latestRevenueWan: number): number {
  if (latestRevenueWan <= 5000) return 5;
  if (latestRevenueWan <= 20000) return 4;
  return 3;
}

/** Days from one YYYY-MM-DD to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const sumKnown = (values: readonly (number | null)[]) =>
  values.some((v) => v === null) ? null : values.reduce<number>((s, v) => s + (v ?? 0), 0);

export interface HtsEvaluation {
  /** The sure score (each band's lowest points) and the best the bands allow. */
  total: number;
  total_max: number;
  line: number;
  items: ScoredItem[];
  conditions: RuleCondition[];
  /** pass: every condition including the score; fail: one fails; unknown: answers missing. */
  status: ConditionStatus;
  advice: string[];
}

function intellectualProperty(f: CompanyFacts): ScoredItem {
  const meta = (key: string, name: string, max: number) => ({ key, name, max, basis: `${GUIDE}·知识产权` });
  const judged = (key: 'tech_advancement' | 'core_support', name: string): ScoredIndicator => {
    const answer = f[key];
    return answer === null
      ? unknownIndicator(meta(key, name, 8), name)
      : scored(meta(key, name, 8), JUDGED[answer] as Band, '自评');
  };
  const hasCounts = f.ip_class1 !== null && f.ip_class2 !== null;
  const class1 = f.ip_class1 ?? 0;
  const class2 = f.ip_class2 ?? 0;
  const quantity = hasCounts
    ? scored(
        meta('ip_quantity', '知识产权数量', 8),
        ipQuantityBand(class1, class2),
        `Ⅰ类${class1}项、Ⅱ类${class2}项`,
      )
    : unknownIndicator(meta('ip_quantity', '知识产权数量', 8), 'Ⅰ类、Ⅱ类知识产权数量');
  const acquisitionMeta = meta('ip_acquisition', '知识产权获得方式', 6);
  const acquisition =
    hasCounts && class1 + class2 === 0
      ? scored(acquisitionMeta, { band: '-', label: '无知识产权', points: [0, 0] }, '无')
      : f.ip_acquisition === null
        ? unknownIndicator(acquisitionMeta, '知识产权获得方式')
        : f.ip_acquisition === 'self'
          ? scored(acquisitionMeta, { band: 'A', label: 'A档：有自主研发', points: [1, 6] }, '自主研发')
          : scored(
              acquisitionMeta,
              { band: 'B', label: 'B档：仅有受让、受赠和并购等', points: [1, 3] },
              '受让等',
            );
  const standardsMeta = meta('standards', '参与编制国家标准、行业标准、检测方法、技术规范（加分项）', 2);
  const standards =
    f.standards === null
      ? unknownIndicator(standardsMeta, '是否参与编制标准')
      : scored(
          standardsMeta,
          f.standards
            ? { band: 'A', label: 'A档：是', points: [1, 2] }
            : { band: 'B', label: 'B档：否', points: [0, 0] },
          f.standards ? '参与' : '未参与',
        );
  return itemOf({ key: 'ip', name: '知识产权', max: 30 }, [
    judged('tech_advancement', '技术的先进程度'),
    judged('core_support', '对主要产品（服务）在技术上发挥核心支持作用'),
    quantity,
    acquisition,
    standards,
  ]);
}

function conversion(f: CompanyFacts, yearsOperating: number | null): ScoredItem {
  const meta = {
    key: 'conversions',
    name: '科技成果转化（近3年年均）',
    max: 30,
    basis: `${GUIDE}·科技成果转化能力`,
  };
  if (f.conversions_3y === null) {
    return itemOf({ key: 'conversion', name: '科技成果转化能力', max: 30 }, [
      unknownIndicator(meta, '近3年科技成果转化数'),
    ]);
  }
  // 实际经营期不满三年的按实际经营时间计算 (at least one year, the first condition).
  const years = yearsOperating === null ? 3 : Math.min(3, Math.max(1, yearsOperating));
  const average = Math.round((f.conversions_3y / years) * 100) / 100;
  return itemOf({ key: 'conversion', name: '科技成果转化能力', max: 30 }, [
    scored(
      meta,
      bandAtLeast(CONVERSION_BANDS, average),
      `近${years}年共${f.conversions_3y}项，年均${average}项`,
    ),
  ]);
}

function rdOrganisation(f: CompanyFacts): ScoredItem {
  const ticked = new Set(f.rd_org ?? []);
  const indicators = RD_ORG_PARTS.map((part) => {
    const meta = { key: part.key, name: part.name, max: part.max, basis: `${GUIDE}·研究开发组织管理水平` };
    if (f.rd_org === null) return unknownIndicator(meta, '研发组织管理情况');
    const has = part.clauses.filter((c) => ticked.has(c)).length;
    const points = Math.floor((part.max * has) / part.clauses.length);
    return scored(
      meta,
      { band: `${has}/${part.clauses.length}`, label: `具备${has}项`, points: [points, points] },
      `共${part.clauses.length}项`,
    );
  });
  return itemOf({ key: 'rd_org', name: '研究开发组织管理水平', max: 20 }, indicators);
}

function growth(f: CompanyFacts): ScoredItem {
  const one = (key: string, name: string, values: ThreeYears): ScoredIndicator => {
    const meta = { key, name, max: 10, basis: `${GUIDE}·企业成长性` };
    const rate = growthRatePct(values);
    if (rate === 'unknown') return unknownIndicator(meta, `近3年${name.replace('增长率', '')}`);
    if (rate === null)
      return scored(meta, { band: 'F', label: 'F档：第二年为0', points: [0, 0] }, '第二年末为0');
    return scored(meta, bandAtLeast(GROWTH_BANDS, rate), `增长率${pct(rate)}`);
  };
  return itemOf({ key: 'growth', name: '企业成长性', max: 20 }, [
    one('net_asset_growth', '净资产增长率', f.net_assets),
    one('sales_growth', '销售收入增长率', f.revenue),
  ]);
}

function conditions(f: CompanyFacts, asOf: string, total: number, scoreKnown: boolean): RuleCondition[] {
  const age = f.reg_time === null ? null : daysBetween(f.reg_time, asOf);
  const ip = f.ip_class1 === null || f.ip_class2 === null ? null : f.ip_class1 + f.ip_class2;
  const techShare = ratioPct(f.staff_tech, f.staff_total);
  const rdTotal = sumKnown(f.rd_expense);
  const revenueTotal = sumKnown(f.revenue);
  const latest = f.revenue[2];
  const rdShare = ratioPct(rdTotal, revenueTotal);
  const required = latest === null ? null : requiredRdRatio(latest);
  return [
    check(
      { key: 'registered', name: '注册成立一年以上', basis: `${MEASURES}（一）` },
      age !== null,
      (age ?? 0) >= 365,
      `注册成立${age ?? '-'}天（要求≥365天）`,
    ),
    check(
      {
        key: 'own_ip',
        name: '拥有对主要产品（服务）发挥核心支持作用的知识产权的所有权',
        basis: `${MEASURES}（二）`,
      },
      ip !== null,
      (ip ?? 0) >= 1,
      `Ⅰ类、Ⅱ类知识产权共${ip ?? '-'}项（要求≥1项）`,
    ),
    check(
      { key: 'field', name: '核心技术属于《国家重点支持的高新技术领域》', basis: `${MEASURES}（三）` },
      f.in_hightech_field !== null,
      f.in_hightech_field === true,
      f.in_hightech_field ? '属于' : '不属于',
    ),
    check(
      { key: 'tech_staff', name: '科技人员占职工总数不低于10%', basis: `${MEASURES}（四）` },
      techShare !== null,
      (techShare ?? 0) >= 10,
      `科技人员占比${techShare === null ? '-' : pct(techShare)}（要求≥10%）`,
    ),
    check(
      { key: 'rd_ratio', name: '近三年研发费用占同期销售收入比例达标', basis: `${MEASURES}（五）` },
      rdShare !== null && required !== null,
      (rdShare ?? 0) >= (required ?? 100),
      `研发费用占比${rdShare === null ? '-' : pct(rdShare)}（最近一年销售收入${latest ?? '-'}万元，要求≥${required ?? '-'}%）`,
    ),
    check(
      { key: 'rd_domestic', name: '境内研发费用占全部研发费用不低于60%', basis: `${MEASURES}（五）` },
      f.rd_domestic_pct !== null,
      (f.rd_domestic_pct ?? 0) >= 60,
      `境内占比${f.rd_domestic_pct === null ? '-' : pct(f.rd_domestic_pct)}（要求≥60%）`,
    ),
    check(
      {
        key: 'hightech_income',
        name: '近一年高新技术产品（服务）收入占总收入不低于60%',
        basis: `${MEASURES}（六）`,
      },
      f.hightech_income_pct !== null,
      (f.hightech_income_pct ?? 0) >= 60,
      `占比${f.hightech_income_pct === null ? '-' : pct(f.hightech_income_pct)}（要求≥60%）`,
    ),
    check(
      { key: 'innovation_score', name: '企业创新能力评价达到71分', basis: `${MEASURES}（七）；${GUIDE}` },
      scoreKnown,
      total >= HTS_PASS_LINE,
      `创新能力得分${total}分（要求70分以上，不含70分）`,
    ),
    check(
      {
        key: 'no_incident',
        name: '申请前一年内未发生重大安全、重大质量事故或严重环境违法行为',
        basis: `${MEASURES}（八）`,
      },
      f.no_major_incident !== null,
      f.no_major_incident === true,
      f.no_major_incident ? '未发生' : '发生过',
    ),
  ];
}

function adviceFor(items: ScoredItem[], conds: RuleCondition[], f: CompanyFacts): string[] {
  const advice: string[] = [];
  for (const c of conds) {
    if (c.status === 'fail' && c.key !== 'innovation_score')
      advice.push(`未满足"${c.name}"：${c.detail}，须先满足该条件方可申报。`);
  }
  const indicator = (key: string) => items.flatMap((i) => i.indicators).find((i) => i.key === key);
  const quantity = indicator('ip_quantity');
  if (quantity?.known && quantity.band !== 'A')
    advice.push(
      '知识产权数量：取得1项及以上Ⅰ类知识产权（如发明专利）可达A档（7-8分）；Ⅱ类知识产权在认定中仅限使用一次。',
    );
  const conv = indicator('conversions');
  if (conv?.known && conv.band !== 'A')
    advice.push(
      '科技成果转化：年均转化5项及以上可达A档（25-30分），同一成果转化为多个产品、服务只计一项，请留存转化证明材料。',
    );
  const missingClauses = RD_ORG_CLAUSES.filter((c) => f.rd_org !== null && !f.rd_org.includes(c));
  if (missingClauses.length > 0)
    advice.push(
      `研究开发组织管理：尚未具备——${missingClauses.map((c) => RD_ORG_CLAUSE_NAMES[c]).join('；')}。`,
    );
  for (const key of ['net_asset_growth', 'sales_growth']) {
    const g = indicator(key);
    if (g?.known && g.band !== 'A') advice.push(`${g.name}：近三年增长率达到35%及以上可得A档（9-10分）。`);
  }
  const unknown = items.flatMap((i) => i.indicators).filter((i) => !i.known);
  if (unknown.length > 0) advice.push(`尚有${unknown.length}项指标待补充资料，补充后得分更准确。`);
  return advice;
}

/** The whole evaluation as of a date (YYYY-MM-DD, Asia/Shanghai). */
export function evaluateHightech(facts: CompanyFacts, asOf: string): HtsEvaluation {
  const yearsOperating = facts.reg_time === null ? null : Math.floor(daysBetween(facts.reg_time, asOf) / 365);
  const items = [
    intellectualProperty(facts),
    conversion(facts, yearsOperating),
    rdOrganisation(facts),
    growth(facts),
  ];
  const total = items.reduce((s, i) => s + i.score, 0);
  const total_max = items.reduce((s, i) => s + i.score_max, 0);
  const scoreKnown =
    total >= HTS_PASS_LINE ||
    total_max < HTS_PASS_LINE ||
    items.every((i) => i.indicators.every((x) => x.known));
  // With every answer known the sure score decides; a reviewer may still give the band tops, shown as total_max.
  const conds = conditions(facts, asOf, total, scoreKnown);
  return {
    total,
    total_max,
    line: HTS_PASS_LINE,
    items,
    conditions: conds,
    status: overall(conds.map((c) => c.status)),
    advice: adviceFor(items, conds, facts),
  };
}
