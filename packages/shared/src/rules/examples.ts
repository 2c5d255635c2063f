// The two worked examples of docs/policy-rules.md, as facts: the unit tests check the totals computed by hand there.
import { type CompanyFacts, emptyFacts, RD_ORG_CLAUSES } from './facts.js';

/** 示例一: a Shenzhen software company registered 2018-03-01 (high-tech score 71, 创新型 95, 专精特新 75). */
export const EXAMPLE_SOFTWARE: CompanyFacts = {
  ...emptyFacts(),
  reg_time: '2018-03-01',
  industry_code: 'I',
  area_code: '440305',
  is_hightech: false,
  ip_class1: 2,
  ip_class2: 6,
  ip_class1_self: 1,
  ip_high_value: 0,
  ip_class1_applied: 1,
  ip_acquisition: 'self',
  tech_advancement: 'B',
  core_support: 'A',
  standards: true,
  conversions_3y: 14,
  // Every clause but the open innovation platform (part 3) and talent recruitment (part 4).
  rd_org: RD_ORG_CLAUSES.filter((clause) => clause !== 'platform' && clause !== 'talent'),
  in_hightech_field: true,
  is_sme: true,
  good_standing: true,
  no_major_incident: true,
  staff_total: 120,
  staff_tech: 30,
  staff_rd: 30,
  revenue: [5000, 6000, 7800],
  main_revenue: [4500, 5600, 7000],
  net_assets: [2000, 2600, 3380],
  rd_expense: [300, 330, 400],
  rd_domestic_pct: 95,
  hightech_income_pct: 72,
  debt_ratio_pct: 48,
  net_profit_pct: 9,
  equity_2y: 0,
  equity_3y: 0,
  innovation_honour: false,
  sci_award: 'none',
  sci_award_rank: null,
  rd_institute: 'city',
  chuangke: 'none',
  niche_years: 6,
  strategic_emerging: true,
  key_field: 'basic',
  digital_level: 2,
  quality: ['iso', 'brand'],
  featured_points: 8,
  info_system: true,
  market_share_pct: 6,
  key_product_field: true,
};

/** 示例一's questionnaire answers: its facts without what the platform knows of a customer (the prefill). */
export const EXAMPLE_SOFTWARE_ANSWERS: Partial<CompanyFacts> = (() => {
  const { reg_time, industry_code, area_code, is_hightech, ip_class1, ip_class2, ...answers } =
    EXAMPLE_SOFTWARE;
  return answers;
})();

/** 示例二: a young company registered 2025-12-01, assessed 2026-11-24 (high-tech score 26, three conditions failed). */
export const EXAMPLE_YOUNG: CompanyFacts = {
  ...emptyFacts(),
  reg_time: '2025-12-01',
  industry_code: 'M',
  ip_class1: 0,
  ip_class2: 3,
  ip_acquisition: 'self',
  tech_advancement: 'C',
  core_support: 'C',
  standards: false,
  conversions_3y: 2,
  rd_org: ['system', 'ledger'],
  in_hightech_field: true,
  no_major_incident: true,
  staff_total: 20,
  staff_tech: 1,
  revenue: [0, 800, 800],
  net_assets: [0, 500, 600],
  rd_expense: [0, 40, 60],
  rd_domestic_pct: 100,
  hightech_income_pct: 50,
};

/** The date both examples are assessed on. */
export const EXAMPLE_AS_OF = '2026-11-24';
