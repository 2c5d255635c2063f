// 优质中小企业梯度培育 (《优质中小企业梯度培育管理暂行办法》工信部企业〔2022〕63号): 创新型中小企业 (附件1 评价标准),
// 专精特新中小企业 (附件2 认定标准) and 专精特新"小巨人"企业 (附件3 认定标准). Pure: no I/O, no clock.
import { type CompanyFacts, ratioPct } from './facts.js';
import {
  type AtLeastBand,
  type AtMostBand,
  bandAtLeast,
  bandAtMost,
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

const ANNEX1 = '《优质中小企业梯度培育管理暂行办法》附件1 创新型中小企业评价标准';
const ANNEX2 = '《优质中小企业梯度培育管理暂行办法》附件2 专精特新中小企业认定标准';
const ANNEX3 = '《优质中小企业梯度培育管理暂行办法》附件3 专精特新"小巨人"企业认定标准';

/** 评价得分达到60分以上. */
export const SME_PASS_LINE = 60;

const at = (band: string, label: string, atLeast: number, points: number): AtLeastBand => ({
  band,
  label: `${band}档：${label}`,
  atLeast,
  points: [points, points],
});
const atMost = (band: string, label: string, max: number, points: number): AtMostBand => ({
  band,
  label: `${band}档：${label}`,
  atMost: max,
  points: [points, points],
});
const LOWEST = Number.NEGATIVE_INFINITY;
const letter = (i: number) => String.fromCharCode(65 + i);

/**
 * A scale as the annexes write it, best first: band A from the first limit up, each next band from its limit up to
 * the one before, worth `points` in turn; a last band worth 0 takes the rest. Labelled as written: `5%以上`, `3%-5%`
 * (an amount `400-500万元`), and `1%以下` or `rest`.
 */
function ladder(
  limits: readonly number[],
  points: readonly number[],
  { unit = '%', rest }: { unit?: string; rest?: string } = {},
): readonly AtLeastBand[] {
  const range = (low: number, high: number) => (unit === '%' ? `${low}%-${high}%` : `${low}-${high}${unit}`);
  const bands = limits.map((limit, i) => {
    const above = limits[i - 1];
    const label = above === undefined ? `${limit}${unit}以上` : range(limit, above);
    return at(letter(i), label, limit, points[i] ?? 0);
  });
  return [...bands, at(letter(limits.length), rest ?? `${limits[limits.length - 1]}${unit}以下`, LOWEST, 0)];
}
const OTHERWISE = '不属于以上情况';

// 附件1 二、评价指标 (band limits: 以上 includes the figure, lower limits inclusive).
export const INNOVATIVE_RD_RATIO = ladder([5, 3, 2, 1], [20, 15, 10, 5]);
export const INNOVATIVE_GROWTH = ladder([15, 10, 5, 0], [20, 15, 10, 5]);
export const INNOVATIVE_DEBT: readonly AtMostBand[] = [
  atMost('A', '55%以下', 55, 10),
  atMost('B', '55%-75%', 74.999999, 5),
  atMost('C', '75%以上', Number.POSITIVE_INFINITY, 0),
];
export const INNOVATIVE_MAIN_SHARE = ladder([70, 60, 55, 50], [20, 15, 10, 5]);

// 附件2 二、评价指标.
export const SPECIAL_MAIN_SHARE = ladder([80, 70, 60], [5, 3, 1]);
export const SPECIAL_GROWTH = ladder([10, 8, 6, 4, 0], [10, 8, 6, 4, 2]);
export const SPECIAL_NET_PROFIT = ladder([10, 8, 6, 4, 2], [10, 8, 6, 4, 2]);
export const SPECIAL_DEBT: readonly AtMostBand[] = [
  atMost('A', '50%以下', 50, 5),
  atMost('B', '50%-60%', 60, 3),
  atMost('C', '60%-70%', 69.999999, 1),
  atMost('D', '70%以上', Number.POSITIVE_INFINITY, 0),
];
/** Indicator 10: R&D expense (万元) or its share of revenue (%), whichever band is higher. */
export const SPECIAL_RD_AMOUNT = ladder([500, 400, 300, 200, 100], [10, 8, 6, 4, 2], {
  unit: '万元',
  rest: OTHERWISE,
});
export const SPECIAL_RD_RATIO = ladder([10, 8, 6, 4, 3], [10, 8, 6, 4, 2], { rest: OTHERWISE });
export const SPECIAL_RD_STAFF = ladder([20, 10, 5], [5, 3, 1]);

const growthPct = (prev: number | null, last: number | null): number | null =>
  prev === null || last === null || prev <= 0 ? null : Math.round((last / prev - 1) * 1e14) / 1e12;

/** 近2年主营业务收入平均增长率: the mean of the two yearly rates. */
export function twoYearGrowthPct([a1, a2, a3]: readonly (number | null)[]): number | null {
  const g1 = growthPct(a1 ?? null, a2 ?? null);
  const g2 = growthPct(a2 ?? null, a3 ?? null);
  return g1 === null || g2 === null ? null : (g1 + g2) / 2;
}

/** Key of the score-line condition of the scored levels (创新型, 专精特新), which any direct condition replaces. */
const SCORE_KEY = 'score';

export interface LevelEvaluation {
  key: 'innovative' | 'specialized' | 'giant';
  name: string;
  /** Scored levels (创新型, 专精特新): the sure total and the line; 小巨人 has conditions only. */
  total: number | null;
  line: number | null;
  items: ScoredItem[];
  /** Conditions that must all hold. */
  conditions: RuleCondition[];
  /** Direct qualifications (any one replaces the score line). */
  direct: RuleCondition[];
  status: ConditionStatus;
}

export interface SmeEvaluation {
  levels: LevelEvaluation[];
  /** The highest level reached, or null. */
  reached: LevelEvaluation['key'] | null;
  /**
   * What separates the company from the next level: its failed and unknown conditions, without the score line once a
   * direct condition is met (that condition replaces it).
   */
  next: { key: LevelEvaluation['key']; name: string; gaps: string[] } | null;
}

type Meta = { key: string; name: string; max: number; basis: string };

function banded(
  meta: Meta,
  value: number | null,
  missing: string,
  pick: (v: number) => AtLeastBand | AtMostBand,
  shown = pct,
): ScoredIndicator {
  return value === null ? unknownIndicator(meta, missing) : scored(meta, pick(value), shown(value));
}

function ipBand(
  f: CompanyFacts,
  points: [number, number, number, number],
): { band: string; label: string; points: [number, number] } | null {
  if (f.ip_class1 === null || f.ip_class2 === null) return null;
  const [a, b, c, d] = points;
  if ((f.ip_high_value ?? 0) >= 1)
    return { band: 'A', label: 'A档：Ⅰ类高价值知识产权1项以上', points: [a, a] };
  if ((f.ip_class1_self ?? 0) >= 1)
    return { band: 'B', label: 'B档：自主研发的Ⅰ类知识产权1项以上', points: [b, b] };
  if (f.ip_class1 >= 1) return { band: 'C', label: 'C档：Ⅰ类知识产权1项以上', points: [c, c] };
  if (f.ip_class2 >= 1) return { band: 'D', label: 'D档：Ⅱ类知识产权1项以上', points: [d, d] };
  return { band: 'E', label: 'E档：无', points: [0, 0] };
}

/** Revenue, R&D and main revenue of the last year (index 2), and main revenue the year before. */
function lastYear(f: CompanyFacts) {
  return {
    revenue: f.revenue[2],
    rd: f.rd_expense[2],
    main: f.main_revenue[2],
    mainPrev: f.main_revenue[1],
  };
}

/** The basic conditions all three levels share (附件1 一、公告条件 and the 办法's scope: 中小企业, good standing). */
function basics(f: CompanyFacts, basis: string): RuleCondition[] {
  return [
    check(
      { key: 'is_sme', name: '符合《中小企业划型标准规定》的中小企业', basis },
      f.is_sme !== null,
      f.is_sme === true,
      f.is_sme ? '是' : '否',
    ),
    check(
      { key: 'good_standing', name: '未被列入经营异常名录或严重失信主体名单', basis },
      f.good_standing !== null,
      f.good_standing === true,
      f.good_standing ? '未列入' : '已列入',
    ),
    check(
      { key: 'no_incident', name: '近三年未发生重大安全、质量、环境污染等事故及偷漏税等违法违规行为', basis },
      f.no_major_incident !== null,
      f.no_major_incident === true,
      f.no_major_incident ? '未发生' : '发生过',
    ),
  ];
}

export function evaluateInnovative(f: CompanyFacts): LevelEvaluation {
  const y = lastYear(f);
  const m = (key: string, name: string, max: number): Meta => ({ key, name, max, basis: `${ANNEX1} 二` });
  const ipMeta = m('ip', '与主导产品相关的有效知识产权数量', 20);
  const ip = ipBand(f, [20, 15, 10, 5]);
  const innovation = itemOf({ key: 'innovation', name: '创新能力', max: 40 }, [
    ip === null
      ? unknownIndicator(ipMeta, '知识产权数量')
      : scored(ipMeta, ip, `Ⅰ类${f.ip_class1}项、Ⅱ类${f.ip_class2}项`),
    banded(
      m('rd_ratio', '上年度研发费用总额占营业收入总额比重', 20),
      ratioPct(y.rd, y.revenue),
      '上年度研发费用与营业收入',
      (v) => bandAtLeast(INNOVATIVE_RD_RATIO, v),
    ),
  ]);
  const growth = itemOf({ key: 'growth', name: '成长性', max: 30 }, [
    banded(
      m('main_growth', '上年度主营业务收入增长率', 20),
      growthPct(y.mainPrev, y.main),
      '近两年主营业务收入',
      (v) => bandAtLeast(INNOVATIVE_GROWTH, v),
    ),
    banded(m('debt', '上年度资产负债率', 10), f.debt_ratio_pct, '资产负债率', (v) =>
      bandAtMost(INNOVATIVE_DEBT, v),
    ),
  ]);
  const fieldMeta = m('field', '主导产品所属领域情况', 10);
  const professional = itemOf({ key: 'professional', name: '专业化', max: 30 }, [
    f.strategic_emerging === null
      ? unknownIndicator(fieldMeta, '主导产品是否属于《战略性新兴产业分类》')
      : scored(
          fieldMeta,
          f.strategic_emerging
            ? { band: 'A', label: 'A档：属于《战略性新兴产业分类》', points: [10, 10] }
            : { band: 'B', label: 'B档：属于其他领域', points: [5, 5] },
          '主导产品',
        ),
    banded(
      m('main_share', '上年度主营业务收入总额占营业收入总额比重', 20),
      ratioPct(y.main, y.revenue),
      '主营业务收入与营业收入',
      (v) => bandAtLeast(INNOVATIVE_MAIN_SHARE, v),
    ),
  ]);
  const items = [innovation, growth, professional];
  const total = items.reduce((s, i) => s + i.score, 0);
  const allKnown = items.every((i) => i.indicators.every((x) => x.known));
  const known = allKnown || total >= SME_PASS_LINE;
  const scoreCondition = check(
    {
      key: SCORE_KEY,
      name: '评价得分达到60分以上（创新能力≥20分、成长性≥15分、专业化≥15分）',
      basis: `${ANNEX1} 一`,
    },
    known,
    total >= SME_PASS_LINE && innovation.score >= 20 && growth.score >= 15 && professional.score >= 15,
    `得分${total}分（创新能力${innovation.score}、成长性${growth.score}、专业化${professional.score}）`,
  );
  const award = f.sci_award;
  const direct = [
    check(
      { key: 'award', name: '近三年内获得过国家级、省级科技奖励', basis: `${ANNEX1} 一（一）` },
      award !== null,
      award === 'provincial' || award === 'national',
      award === 'national' ? '国家级' : award === 'provincial' ? '省级' : '无',
    ),
    check(
      {
        key: 'honour',
        name: '有效期内的高新技术企业、国家级技术创新示范企业、知识产权优势企业或示范企业',
        basis: `${ANNEX1} 一（二）`,
      },
      f.is_hightech !== null || f.innovation_honour !== null,
      f.is_hightech === true || f.innovation_honour === true,
      f.is_hightech ? '高新技术企业' : f.innovation_honour ? '已获荣誉' : '无',
    ),
    check(
      { key: 'institute', name: '拥有经认定的省部级以上研发机构', basis: `${ANNEX1} 一（三）` },
      f.rd_institute !== null,
      f.rd_institute === 'national' || f.rd_institute === 'provincial',
      f.rd_institute ?? '-',
    ),
    check(
      {
        key: 'equity',
        name: '近三年新增股权融资总额（合格机构投资者实缴额）500万元以上',
        basis: `${ANNEX1} 一（四）`,
      },
      f.equity_3y !== null,
      (f.equity_3y ?? 0) >= 500,
      `${f.equity_3y ?? '-'}万元`,
    ),
  ];
  const conditions = basics(f, `${ANNEX1} 一`);
  return finish('innovative', '创新型中小企业', total, items, conditions, scoreCondition, direct);
}

function finish(
  key: LevelEvaluation['key'],
  name: string,
  total: number | null,
  items: ScoredItem[],
  conditions: RuleCondition[],
  scoreOrDirect: RuleCondition | null,
  direct: RuleCondition[],
): LevelEvaluation {
  // The score line or any one direct condition.
  const routes = [...(scoreOrDirect ? [scoreOrDirect] : []), ...direct];
  const route: ConditionStatus = routes.some((r) => r.status === 'pass')
    ? 'pass'
    : routes.every((r) => r.status === 'fail')
      ? 'fail'
      : 'unknown';
  const all = [...conditions, ...(scoreOrDirect ? [scoreOrDirect] : [])];
  return {
    key,
    name,
    total,
    line: total === null ? null : SME_PASS_LINE,
    items,
    conditions: all,
    direct,
    status: overall([...conditions.map((c) => c.status), route]),
  };
}

export function evaluateSpecialized(f: CompanyFacts): LevelEvaluation {
  const y = lastYear(f);
  const m = (key: string, name: string, max: number): Meta => ({ key, name, max, basis: `${ANNEX2} 二` });
  const fieldMeta = m('key_field', '主导产品所属领域情况', 5);
  const professional = itemOf({ key: 'professional', name: '专业化', max: 25 }, [
    banded(
      m('main_share', '上年度主营业务收入总额占营业收入总额比重', 5),
      ratioPct(y.main, y.revenue),
      '主营业务收入与营业收入',
      (v) => bandAtLeast(SPECIAL_MAIN_SHARE, v),
    ),
    banded(
      m('main_growth', '近2年主营业务收入平均增长率', 10),
      twoYearGrowthPct(f.main_revenue),
      '近三年主营业务收入',
      (v) => bandAtLeast(SPECIAL_GROWTH, v),
    ),
    f.niche_years === null
      ? unknownIndicator(m('niche_years', '从事特定细分市场年限', 5), '从事细分市场年限')
      : scored(
          m('niche_years', '从事特定细分市场年限', 5),
          (() => {
            const p = Math.min(5, Math.floor(f.niche_years / 2));
            return { band: `${p}`, label: '每满2年得1分', points: [p, p] as [number, number] };
          })(),
          `${f.niche_years}年`,
        ),
    f.key_field === null
      ? unknownIndicator(fieldMeta, '主导产品所属领域')
      : scored(
          fieldMeta,
          f.key_field === 'chain'
            ? { band: 'A', label: 'A档：补短板、锻长板、填空白取得实际成效', points: [5, 5] }
            : f.key_field === 'basic'
              ? { band: 'B', label: 'B档：工业六基、中华老字号或关键产业链龙头配套', points: [3, 3] }
              : { band: 'C', label: 'C档：不属于以上情况', points: [0, 0] },
          '主导产品',
        ),
  ]);
  const digitalMeta = m('digital', '数字化水平', 5);
  const qualityMeta = m('quality', '质量管理水平（每满足一项加3分，最高5分）', 5);
  const refined = itemOf({ key: 'refined', name: '精细化', max: 25 }, [
    f.digital_level === null
      ? unknownIndicator(digitalMeta, '数字化水平等级')
      : scored(
          digitalMeta,
          f.digital_level >= 3
            ? { band: 'A', label: 'A档：三级以上', points: [5, 5] }
            : f.digital_level === 2
              ? { band: 'B', label: 'B档：二级', points: [3, 3] }
              : { band: 'C', label: 'C档：一级', points: [0, 0] },
          `${f.digital_level}级`,
        ),
    f.quality === null
      ? unknownIndicator(qualityMeta, '质量管理情况')
      : scored(
          qualityMeta,
          (() => {
            const p = Math.min(5, 3 * f.quality.length);
            return {
              band: `${f.quality.length}`,
              label: `满足${f.quality.length}项`,
              points: [p, p] as [number, number],
            };
          })(),
          '质量管理',
        ),
    banded(m('net_profit', '上年度净利润率', 10), f.net_profit_pct, '净利润率', (v) =>
      bandAtLeast(SPECIAL_NET_PROFIT, v),
    ),
    banded(m('debt', '上年度资产负债率', 5), f.debt_ratio_pct, '资产负债率', (v) =>
      bandAtMost(SPECIAL_DEBT, v),
    ),
  ]);
  const featuredMeta = {
    key: 'featured',
    name: '特色化指标（地方自主设定）',
    max: 15,
    basis: `${ANNEX2} 二（三）`,
  };
  const featured = itemOf({ key: 'featured', name: '特色化', max: 15 }, [
    f.featured_points === null
      ? unknownIndicator(featuredMeta, '按所在省份特色化指标自评得分')
      : scored(
          featuredMeta,
          {
            band: '-',
            label: '地方指标自评',
            points: [Math.min(15, f.featured_points), Math.min(15, f.featured_points)],
          },
          '自评',
        ),
  ]);
  const ipMeta = m('ip', '与主导产品相关的有效知识产权数量', 10);
  const ip = ipBand(f, [10, 8, 6, 2]);
  const rdMeta = m('rd_input', '上年度研发费用投入', 10);
  const rdRatio = ratioPct(y.rd, y.revenue);
  const rdIndicator: ScoredIndicator =
    y.rd === null || rdRatio === null
      ? unknownIndicator(rdMeta, '上年度研发费用与营业收入')
      : (() => {
          const byAmount = bandAtLeast(SPECIAL_RD_AMOUNT, y.rd);
          const byRatio = bandAtLeast(SPECIAL_RD_RATIO, rdRatio);
          const best = byAmount.points[0] >= byRatio.points[0] ? byAmount : byRatio;
          return scored(rdMeta, best, `研发费用${y.rd}万元、占比${pct(rdRatio)}`);
        })();
  const instMeta = m('institute', '建立研发机构级别', 10);
  const inst = f.rd_institute;
  const innovation = itemOf({ key: 'innovation', name: '创新能力', max: 35 }, [
    ip === null
      ? unknownIndicator(ipMeta, '知识产权数量')
      : scored(ipMeta, ip, `Ⅰ类${f.ip_class1}项、Ⅱ类${f.ip_class2}项`),
    rdIndicator,
    banded(
      m('rd_staff', '上年度研发人员占比', 5),
      ratioPct(f.staff_rd, f.staff_total),
      '研发人员与职工总数',
      (v) => bandAtLeast(SPECIAL_RD_STAFF, v),
    ),
    inst === null
      ? unknownIndicator(instMeta, '研发机构级别')
      : scored(
          instMeta,
          {
            national: { band: 'A', label: 'A档：国家级', points: [10, 10] as [number, number] },
            provincial: { band: 'B', label: 'B档：省级', points: [8, 8] as [number, number] },
            city: { band: 'C', label: 'C档：市级', points: [4, 4] as [number, number] },
            below_city: { band: 'D', label: 'D档：市级以下', points: [2, 2] as [number, number] },
            none: { band: 'E', label: 'E档：未建立研发机构', points: [0, 0] as [number, number] },
          }[inst],
          '研发机构',
        ),
  ]);
  const items = [professional, refined, featured, innovation];
  const total = items.reduce((s, i) => s + i.score, 0);
  const allKnown = items.every((i) => i.indicators.every((x) => x.known));
  const basis = `${ANNEX2} 一`;
  const conditions = [
    ...basics(f, basis),
    check(
      { key: 'niche', name: '从事特定细分市场时间达到2年以上', basis: `${basis}（一）` },
      f.niche_years !== null,
      (f.niche_years ?? 0) >= 2,
      `${f.niche_years ?? '-'}年`,
    ),
    check(
      {
        key: 'rd',
        name: '上年度研发费用总额不低于100万元，且占营业收入总额比重不低于3%',
        basis: `${basis}（二）`,
      },
      y.rd !== null && rdRatio !== null,
      (y.rd ?? 0) >= 100 && (rdRatio ?? 0) >= 3,
      `研发费用${y.rd ?? '-'}万元、占比${rdRatio === null ? '-' : pct(rdRatio)}`,
    ),
    check(
      {
        key: 'revenue',
        name: '上年度营业收入1000万元以上，或近2年新增股权融资2000万元以上',
        basis: `${basis}（三）`,
      },
      y.revenue !== null && (y.revenue >= 1000 || f.equity_2y !== null),
      (y.revenue ?? 0) >= 1000 || (f.equity_2y ?? 0) >= 2000,
      `营业收入${y.revenue ?? '-'}万元，近2年股权融资${f.equity_2y ?? '-'}万元`,
    ),
  ];
  const scoreCondition = check(
    { key: SCORE_KEY, name: '评价得分达到60分以上', basis: `${basis}（四）` },
    allKnown || total >= SME_PASS_LINE,
    total >= SME_PASS_LINE,
    `得分${total}分`,
  );
  const rdTwo =
    f.rd_expense[1] === null || f.rd_expense[2] === null ? null : (f.rd_expense[1] + f.rd_expense[2]) / 2;
  const direct = [
    check(
      {
        key: 'award',
        name: '近三年获省级科技奖励并排名前三，或国家级科技奖励并排名前五',
        basis: `${basis}（四）1`,
      },
      f.sci_award !== null && (f.sci_award === 'none' || f.sci_award_rank !== null),
      (f.sci_award === 'provincial' && (f.sci_award_rank ?? 99) <= 3) ||
        (f.sci_award === 'national' && (f.sci_award_rank ?? 99) <= 5),
      f.sci_award === 'none'
        ? '无'
        : `${f.sci_award === 'national' ? '国家级' : '省级'}第${f.sci_award_rank ?? '-'}名`,
    ),
    check(
      { key: 'rd_mean', name: '近两年研发费用总额均值1000万元以上', basis: `${basis}（四）2` },
      rdTwo !== null,
      (rdTwo ?? 0) >= 1000,
      `${rdTwo ?? '-'}万元`,
    ),
    check(
      { key: 'equity', name: '近两年新增股权融资总额6000万元以上', basis: `${basis}（四）3` },
      f.equity_2y !== null,
      (f.equity_2y ?? 0) >= 6000,
      `${f.equity_2y ?? '-'}万元`,
    ),
    check(
      { key: 'chuangke', name: '近三年进入"创客中国"大赛全国500强企业组名单', basis: `${basis}（四）4` },
      f.chuangke !== null,
      f.chuangke === 'top500' || f.chuangke === 'top50',
      f.chuangke === 'none' ? '未进入' : '已进入',
    ),
  ];
  return finish('specialized', '专精特新中小企业', total, items, conditions, scoreCondition, direct);
}

export function evaluateGiant(f: CompanyFacts): LevelEvaluation {
  const basis = ANNEX3;
  const y = lastYear(f);
  const mainShare = ratioPct(y.main, y.revenue);
  const growth2 = twoYearGrowthPct(f.main_revenue);
  const rdRatios = [ratioPct(f.rd_expense[1], f.revenue[1]), ratioPct(f.rd_expense[2], f.revenue[2])];
  const revenue = y.revenue;
  const rdStaff = ratioPct(f.staff_rd, f.staff_total);
  const rdTwoTotal =
    f.rd_expense[1] === null || f.rd_expense[2] === null ? null : f.rd_expense[1] + f.rd_expense[2];
  const minRatio = rdRatios.some((r) => r === null) ? null : Math.min(...(rdRatios as number[]));
  // 一般性条件（1）by the last year's revenue band.
  const rdRule: { known: boolean; passes: boolean; detail: string } =
    revenue === null
      ? { known: false, passes: false, detail: '上年度营业收入' }
      : revenue >= 10000
        ? {
            known: minRatio !== null,
            passes: (minRatio ?? 0) >= 3,
            detail: `营业收入1亿元以上，近2年研发费用占比均≥3%（较低一年${minRatio ?? '-'}%）`,
          }
        : revenue >= 5000
          ? {
              known: minRatio !== null,
              passes: (minRatio ?? 0) >= 6,
              detail: `营业收入5000万元-1亿元，近2年研发费用占比均≥6%（较低一年${minRatio ?? '-'}%）`,
            }
          : {
              known: f.equity_2y !== null && rdTwoTotal !== null && rdStaff !== null,
              passes: (f.equity_2y ?? 0) >= 8000 && (rdTwoTotal ?? 0) >= 3000 && (rdStaff ?? 0) >= 50,
              detail: `营业收入5000万元以下：近2年股权融资${f.equity_2y ?? '-'}万元（≥8000）、研发费用${rdTwoTotal ?? '-'}万元（≥3000）、研发人员占比${rdStaff ?? '-'}%（≥50%）`,
            };
  const general = [
    check(
      { key: 'giant_rd', name: '研发投入达到营业收入分档要求', basis: `${basis} 四 1（1）` },
      rdRule.known,
      rdRule.passes,
      rdRule.detail,
    ),
    check(
      { key: 'giant_institute', name: '自建或与高校、科研机构联合建立研发机构', basis: `${basis} 四 1（2）` },
      f.rd_institute !== null,
      f.rd_institute !== null && f.rd_institute !== 'none',
      f.rd_institute === 'none' ? '未建立' : '已建立',
    ),
    check(
      {
        key: 'giant_ip',
        name: '拥有2项以上与主导产品相关的Ⅰ类知识产权，且实际应用并已产生经济效益',
        basis: `${basis} 四 1（3）`,
      },
      f.ip_class1_applied !== null,
      (f.ip_class1_applied ?? 0) >= 2,
      `${f.ip_class1_applied ?? '-'}项`,
    ),
  ];
  const generalStatus = overall(general.map((c) => c.status));
  const directRoutes = [
    check(
      {
        key: 'giant_award',
        name: '近三年获得国家级科技奖励并在获奖单位中排名前三',
        basis: `${basis} 四 2（1）`,
      },
      f.sci_award !== null && (f.sci_award !== 'national' || f.sci_award_rank !== null),
      f.sci_award === 'national' && (f.sci_award_rank ?? 99) <= 3,
      f.sci_award === 'national' ? `国家级第${f.sci_award_rank ?? '-'}名` : '无国家级奖励',
    ),
    check(
      {
        key: 'giant_chuangke',
        name: '近三年进入"创客中国"大赛全国50强企业组名单',
        basis: `${basis} 四 2（2）`,
      },
      f.chuangke !== null,
      f.chuangke === 'top50',
      f.chuangke === 'top50' ? '已进入' : '未进入',
    ),
  ];
  const innovationStatus: ConditionStatus =
    generalStatus === 'pass' || directRoutes.some((r) => r.status === 'pass')
      ? 'pass'
      : generalStatus === 'fail' && directRoutes.every((r) => r.status === 'fail')
        ? 'fail'
        : 'unknown';
  const quality = f.quality;
  const conditions: RuleCondition[] = [
    ...basics(f, basis),
    check(
      { key: 'giant_niche', name: '从事特定细分市场时间达到3年以上', basis: `${basis} 一` },
      f.niche_years !== null,
      (f.niche_years ?? 0) >= 3,
      `${f.niche_years ?? '-'}年`,
    ),
    check(
      { key: 'giant_main_share', name: '主营业务收入占营业收入比重不低于70%', basis: `${basis} 一` },
      mainShare !== null,
      (mainShare ?? 0) >= 70,
      `${mainShare ?? '-'}%`,
    ),
    check(
      { key: 'giant_growth', name: '近2年主营业务收入平均增长率不低于5%', basis: `${basis} 一` },
      growth2 !== null,
      (growth2 ?? 0) >= 5,
      `${growth2 ?? '-'}%`,
    ),
    check(
      { key: 'giant_info', name: '至少1项核心业务采用信息系统支撑', basis: `${basis} 二` },
      f.info_system !== null,
      f.info_system === true,
      f.info_system ? '是' : '否',
    ),
    check(
      {
        key: 'giant_cert',
        name: '取得相关管理体系认证，或产品通过发达国家和地区产品认证',
        basis: `${basis} 二`,
      },
      quality !== null,
      quality?.includes('iso') === true,
      quality?.includes('iso') ? '已取得' : '未取得',
    ),
    check(
      { key: 'giant_debt', name: '资产负债率不高于70%', basis: `${basis} 二` },
      f.debt_ratio_pct !== null,
      (f.debt_ratio_pct ?? 100) <= 70,
      `${f.debt_ratio_pct ?? '-'}%`,
    ),
    check(
      { key: 'giant_share', name: '主导产品全国细分市场占有率达到10%以上', basis: `${basis} 三` },
      f.market_share_pct !== null,
      (f.market_share_pct ?? 0) >= 10,
      `${f.market_share_pct ?? '-'}%`,
    ),
    check(
      { key: 'giant_brand', name: '拥有直接面向市场并具有竞争优势的自主品牌', basis: `${basis} 三` },
      quality !== null,
      quality?.includes('brand') === true,
      quality?.includes('brand') ? '有' : '无',
    ),
    {
      key: 'giant_innovation',
      name: '创新能力：满足一般性条件或创新直通条件',
      status: innovationStatus,
      detail: [...general, ...directRoutes]
        .map((c) => `${c.name}：${c.status === 'pass' ? '满足' : c.status === 'fail' ? '不满足' : '待补充'}`)
        .join('；'),
      basis: `${basis} 四`,
    },
    check(
      {
        key: 'giant_chain',
        name: '位于产业链关键环节，发挥补短板、锻长板、填空白等作用',
        basis: `${basis} 五`,
      },
      f.key_field !== null,
      f.key_field === 'chain',
      f.key_field === 'chain' ? '是' : '否',
    ),
    check(
      {
        key: 'giant_field',
        name: '主导产品属于制造业核心基础零部件等、制造强国十大重点产业或网络强国重点领域',
        basis: `${basis} 六`,
      },
      f.key_product_field !== null,
      f.key_product_field === true,
      f.key_product_field ? '属于' : '不属于',
    ),
  ];
  return {
    key: 'giant',
    name: '专精特新"小巨人"企业',
    total: null,
    line: null,
    items: [],
    conditions,
    direct: [...general, ...directRoutes],
    status: overall(conditions.map((c) => c.status)),
  };
}

/** The three levels, the highest reached (each level presupposes the one below), and what the next one lacks. */
export function evaluateSme(f: CompanyFacts): SmeEvaluation {
  const levels = [evaluateInnovative(f), evaluateSpecialized(f), evaluateGiant(f)];
  let reached: SmeEvaluation['reached'] = null;
  let next: SmeEvaluation['next'] = null;
  for (const level of levels) {
    if (level.status === 'pass') {
      reached = level.key;
      continue;
    }
    // A met direct condition replaces the score line: the line is then not something the company still needs.
    const scoreReplaced = level.direct.some((c) => c.status === 'pass');
    const gaps = level.conditions
      .filter((c) => c.status !== 'pass' && !(scoreReplaced && c.key === SCORE_KEY))
      .map((c) => `${c.name}（${c.status === 'fail' ? `不满足：${c.detail}` : '待补充'}）`);
    next = { key: level.key, name: level.name, gaps };
    break;
  }
  return { levels, reached, next };
}
