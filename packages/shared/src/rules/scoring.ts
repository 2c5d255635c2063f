// The shapes every rule set answers with: scored indicators grouped into items, pass/fail conditions, advice.

/** pass / fail, or unknown while an answer it needs is missing. */
export type ConditionStatus = 'pass' | 'fail' | 'unknown';

/** One condition of a rule: its text, the outcome, what was compared, and where the rule says so. */
export interface RuleCondition {
  key: string;
  name: string;
  status: ConditionStatus;
  /** What the answers gave, e.g. "科技人员占比 12.5%（要求 ≥ 10%）". */
  detail: string;
  /** The article the condition comes from. */
  basis: string;
}

/**
 * One scored indicator. Where the document gives a band of points for experts to choose in (e.g. 7-8), `score` is
 * the band's lowest and `score_max` its highest: the tool promises what a strict reviewer gives and shows the rest.
 */
export interface ScoredIndicator {
  key: string;
  name: string;
  max: number;
  score: number;
  score_max: number;
  /** The band letter reached (A, B, …), null when unknown. */
  band: string | null;
  /** Why: the value and its band, or what is missing. */
  detail: string;
  basis: string;
  known: boolean;
}

export interface ScoredItem {
  key: string;
  name: string;
  max: number;
  score: number;
  score_max: number;
  indicators: ScoredIndicator[];
}

/** One band of a threshold scale: reached when the value is at least `min` (or at most `max` for lower-is-better). */
export interface Band {
  band: string;
  label: string;
  /** Points: lowest and highest of the band (equal when the document gives one figure). */
  points: [number, number];
}

export interface AtLeastBand extends Band {
  /** Reached when value >= atLeast (以上 includes the figure itself, 《民法典》第一千二百五十九条). */
  atLeast: number;
}

export interface AtMostBand extends Band {
  /** Reached when value <= atMost. */
  atMost: number;
}

/** The first band (best first) whose threshold the value reaches; the last band catches the rest. */
export function bandAtLeast(bands: readonly AtLeastBand[], value: number): AtLeastBand {
  return bands.find((b) => value >= b.atLeast) ?? (bands[bands.length - 1] as AtLeastBand);
}

export function bandAtMost(bands: readonly AtMostBand[], value: number): AtMostBand {
  return bands.find((b) => value <= b.atMost) ?? (bands[bands.length - 1] as AtMostBand);
}

/** An indicator from a reached band. */
export function scored(
  meta: { key: string; name: string; max: number; basis: string },
  band: Band,
  detail: string,
): ScoredIndicator {
  return {
    ...meta,
    score: band.points[0],
    score_max: band.points[1],
    band: band.band,
    detail: `${detail}，${band.label}（${pointsText(band.points)}）`,
    known: true,
  };
}

/** An indicator whose answer is missing: nothing promised, everything possible. */
export function unknownIndicator(
  meta: { key: string; name: string; max: number; basis: string },
  missing: string,
): ScoredIndicator {
  return { ...meta, score: 0, score_max: meta.max, band: null, detail: `待补充：${missing}`, known: false };
}

export function pointsText([low, high]: readonly [number, number]): string {
  return low === high ? `${low}分` : `${low}-${high}分`;
}

/** Sums indicators into an item, capped at the item's maximum. */
export function itemOf(
  meta: { key: string; name: string; max: number },
  indicators: ScoredIndicator[],
): ScoredItem {
  const sum = (pick: (i: ScoredIndicator) => number) =>
    Math.min(
      meta.max,
      indicators.reduce((s, i) => s + pick(i), 0),
    );
  return { ...meta, score: sum((i) => i.score), score_max: sum((i) => i.score_max), indicators };
}

/** All conditions pass -> pass; one fails -> fail; else unknown. */
export function overall(statuses: readonly ConditionStatus[]): ConditionStatus {
  if (statuses.includes('fail')) return 'fail';
  return statuses.every((s) => s === 'pass') ? 'pass' : 'unknown';
}

/** A condition over a value that may be unknown. */
export function check(
  meta: { key: string; name: string; basis: string },
  known: boolean,
  passes: boolean,
  detail: string,
): RuleCondition {
  return {
    ...meta,
    status: known ? (passes ? 'pass' : 'fail') : 'unknown',
    detail: known ? detail : '待补充：请在问卷中填写相关资料',
  };
}

export const pct = (value: number): string => `${Math.round(value * 100) / 100}%`;
