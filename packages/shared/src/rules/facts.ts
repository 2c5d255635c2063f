// What the policy tools know of one company: the answers of the one questionnaire the 高企评分, 专精特新评测 and
// 精准匹配 pages share. Every field may be unknown (null): the rules then score it as nothing and say what is missing.

/** Amounts in 万元 of the three last accounting years, oldest first ([前年之前一年, 前年, 上年]). */
export type ThreeYears = [number | null, number | null, number | null];

/** A band letter of a 高企 expert-judged sub-item (工作指引 附件 "企业创新能力评价" 1.(1)(2)). */
export const JUDGED_BANDS = ['A', 'B', 'C', 'D', 'E'] as const;
export type JudgedBand = (typeof JUDGED_BANDS)[number];

/** 研究开发组织管理水平: each clause of 工作指引's four parts the company has in place. */
export const RD_ORG_CLAUSES = [
  // (1) ≤6
  'system',
  'accounting',
  'ledger',
  // (2) ≤6
  'institute',
  'cooperation',
  // (3) ≤4
  'conversion_incentive',
  'platform',
  // (4) ≤4
  'training',
  'skills',
  'talent',
  'performance',
] as const;
export type RdOrgClause = (typeof RD_ORG_CLAUSES)[number];

/** 研发机构级别 (专精特新 indicator 12). */
export const RD_INSTITUTE_LEVELS = ['national', 'provincial', 'city', 'below_city', 'none'] as const;
export type RdInstituteLevel = (typeof RD_INSTITUTE_LEVELS)[number];

/** 科技奖励: none, provincial or national, with the company's rank among the winning units. */
export const SCI_AWARD_LEVELS = ['none', 'provincial', 'national'] as const;
export type SciAwardLevel = (typeof SCI_AWARD_LEVELS)[number];

/** "创客中国" 中小企业创新创业大赛: none, national top 500 or top 50 (enterprise group) in the last three years. */
export const CHUANGKE_RANKS = ['none', 'top500', 'top50'] as const;
export type ChuangkeRank = (typeof CHUANGKE_RANKS)[number];

/** 专精特新 indicator 4: 补短板/锻长板/填空白 (chain), 工业六基/老字号/龙头配套 (basic), neither. */
export const KEY_FIELD_KINDS = ['chain', 'basic', 'none'] as const;
export type KeyFieldKind = (typeof KEY_FIELD_KINDS)[number];

/** 专精特新 indicator 6 (质量管理水平): provincial quality award, ISO 9001-style certificate, own brand, standards. */
export const QUALITY_ITEMS = ['award', 'iso', 'brand', 'standard'] as const;
export type QualityItem = (typeof QUALITY_ITEMS)[number];

export interface CompanyFacts {
  // Known to the platform (prefilled from the customer)
  /** YYYY-MM-DD */
  reg_time: string | null;
  /** GB/T 4754 section letter. */
  industry_code: string | null;
  /** District or city code. */
  area_code: string | null;
  /** Holds a valid high-tech enterprise certificate. */
  is_hightech: boolean | null;
  /** Valid Ⅰ类 IP (invention patents, ...). */
  ip_class1: number | null;
  /** Valid Ⅱ类 IP (utility models, designs, software copyrights). */
  ip_class2: number | null;

  // Asked
  /** Meets 《中小企业划型标准规定》. */
  is_sme: boolean | null;
  /** Not on the abnormal-operation list or the serious dishonesty list. */
  good_standing: boolean | null;
  /** No major safety, quality or environmental incident (高企: in the year before; 梯度: in three years). */
  no_major_incident: boolean | null;
  staff_total: number | null;
  /** 科技人员 (高企). */
  staff_tech: number | null;
  /** 研发人员 (专精特新). */
  staff_rd: number | null;
  /** 销售收入 / 营业收入, 万元. */
  revenue: ThreeYears;
  /** 主营业务收入, 万元. */
  main_revenue: ThreeYears;
  /** 年末净资产, 万元. */
  net_assets: ThreeYears;
  /** 研究开发费用, 万元. */
  rd_expense: ThreeYears;
  /** 境内研发费用占全部研发费用的比例, %. */
  rd_domestic_pct: number | null;
  /** 近一年高新技术产品（服务）收入占同期总收入的比例, %. */
  hightech_income_pct: number | null;
  /** 上年末资产负债率, %. */
  debt_ratio_pct: number | null;
  /** 上年度净利润率, %. */
  net_profit_pct: number | null;
  /** 近两年 / 近三年新增股权融资（合格机构投资者实缴）, 万元. */
  equity_2y: number | null;
  equity_3y: number | null;
  /** Ⅰ类 IP the company developed itself / of high value (创新型, 专精特新 indicator 1 and 9). */
  ip_class1_self: number | null;
  ip_high_value: number | null;
  /** Ⅰ类 IP applied to the main product with economic returns (小巨人). */
  ip_class1_applied: number | null;
  /** 知识产权获得方式: own R&D or only transfer/gift/merger. */
  ip_acquisition: 'self' | 'transfer' | null;
  tech_advancement: JudgedBand | null;
  core_support: JudgedBand | null;
  /** Took part in drafting national or industry standards, test methods or technical specifications. */
  standards: boolean | null;
  /** 科技成果转化 in the last three years (each achievement counted once). */
  conversions_3y: number | null;
  rd_org: RdOrgClause[] | null;
  /** The core technology is in 《国家重点支持的高新技术领域》. */
  in_hightech_field: boolean | null;
  /** 国家级技术创新示范企业、知识产权优势企业、知识产权示范企业 (valid). */
  innovation_honour: boolean | null;
  sci_award: SciAwardLevel | null;
  /** Rank among the winning units of that award. */
  sci_award_rank: number | null;
  rd_institute: RdInstituteLevel | null;
  chuangke: ChuangkeRank | null;
  /** 从事特定细分市场年限. */
  niche_years: number | null;
  /** 主导产品属于《战略性新兴产业分类》. */
  strategic_emerging: boolean | null;
  key_field: KeyFieldKind | null;
  /** 数字化水平 level (1-4, 《中小企业数字化水平评测指标》). */
  digital_level: number | null;
  quality: QualityItem[] | null;
  /** 特色化 points the province awards (0-15, local indicators). */
  featured_points: number | null;
  /** At least one core business runs on an information system (小巨人 精细化). */
  info_system: boolean | null;
  /** 主导产品全国细分市场占有率, %. */
  market_share_pct: number | null;
  /** 主导产品属于制造业核心基础零部件…、制造强国十大重点产业领域或网络强国重点领域 (小巨人 品). */
  key_product_field: boolean | null;
}

/** Every fact unknown. */
export function emptyFacts(): CompanyFacts {
  return {
    reg_time: null,
    industry_code: null,
    area_code: null,
    is_hightech: null,
    ip_class1: null,
    ip_class2: null,
    is_sme: null,
    good_standing: null,
    no_major_incident: null,
    staff_total: null,
    staff_tech: null,
    staff_rd: null,
    revenue: [null, null, null],
    main_revenue: [null, null, null],
    net_assets: [null, null, null],
    rd_expense: [null, null, null],
    rd_domestic_pct: null,
    hightech_income_pct: null,
    debt_ratio_pct: null,
    net_profit_pct: null,
    equity_2y: null,
    equity_3y: null,
    ip_class1_self: null,
    ip_high_value: null,
    ip_class1_applied: null,
    ip_acquisition: null,
    tech_advancement: null,
    core_support: null,
    standards: null,
    conversions_3y: null,
    rd_org: null,
    in_hightech_field: null,
    innovation_honour: null,
    sci_award: null,
    sci_award_rank: null,
    rd_institute: null,
    chuangke: null,
    niche_years: null,
    strategic_emerging: null,
    key_field: null,
    digital_level: null,
    quality: null,
    featured_points: null,
    info_system: null,
    market_share_pct: null,
    key_product_field: null,
  };
}

/** Saved answers over the platform's prefill: an answer given wins, an unanswered field keeps what the platform knows. */
export function mergeFacts(base: CompanyFacts, answers: Partial<CompanyFacts>): CompanyFacts {
  const merged: CompanyFacts = { ...base };
  for (const key of Object.keys(answers) as (keyof CompanyFacts)[]) {
    const value = answers[key];
    if (value === null || value === undefined) continue;
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      (key === 'revenue' || key === 'main_revenue' || key === 'net_assets' || key === 'rd_expense')
    ) {
      const prev = base[key];
      merged[key] = value.map((v, i) => v ?? prev[i] ?? null) as ThreeYears;
      continue;
    }
    (merged as unknown as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/** Whole years from `regTime` (YYYY-MM-DD) to `asOf` (YYYY-MM-DD), by calendar anniversary. */
export function yearsBetween(regTime: string, asOf: string): number {
  const [ry, rm, rd] = regTime.split('-').map(Number) as [number, number, number];
  const [ay, am, ad] = asOf.split('-').map(Number) as [number, number, number];
  let years = ay - ry;
  if (am < rm || (am === rm && ad < rd)) years -= 1;
  return years;
}

/** Percent (unrounded: a band edge is compared exactly), or null when the denominator is unknown or zero. */
export function ratioPct(part: number | null, whole: number | null): number | null {
  if (part === null || whole === null || whole <= 0) return null;
  return (part * 100) / whole;
}
