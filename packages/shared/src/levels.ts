// Membership level names (docs/requirements.md §4).
import { LEVEL } from './constants.js';

const NAMED: Record<number, string> = {
  [LEVEL.vipLocal]: 'VIP地方版',
  [LEVEL.vipAdvanced]: 'VIP高级版',
  [LEVEL.vipProfessional]: 'VIP专业版',
  [LEVEL.gold]: '黄金会员',
  [LEVEL.platinum]: '铂金会员',
  [LEVEL.blackGold]: '黑金会员',
  [LEVEL.supreme]: '至尊版会员',
  [LEVEL.group]: '集团版会员',
};

/** Level 0: no account (游客). */
export const isVisitorLevel = (level: number): boolean => level <= LEVEL.visitor;

/** Experience users: level 10 or below (docs/requirements.md §6: no push settings). */
export const isTrialLevel = (level: number): boolean => level <= LEVEL.trialMax;

/** A paid membership: above the experience levels (docs/requirements.md §2: the package pages send it home after login). */
export const isMemberLevel = (level: number): boolean => level > LEVEL.trialMax;

/** VIP rights: level 20 and above (the quick-nav VIP mark shows below it, docs/requirements.md §6). */
export const isVipLevel = (level: number): boolean => level >= LEVEL.vipLocal;

/** The legacy levels (黄金 30, 铂金 40, 黑金 50): no longer sold, renewed at their own row's price or moved to a current plan. */
export const LEGACY_LEVELS: readonly number[] = [LEVEL.gold, LEVEL.platinum, LEVEL.blackGold];

export const isLegacyLevel = (level: number | null | undefined): boolean =>
  typeof level === 'number' && LEGACY_LEVELS.includes(level);

/** Legacy platinum (40) and black-gold (50) plans renew from the plan list, not the plan detail (docs/requirements.md §4). */
export const renewsFromPlanList = (level: number): boolean =>
  level === LEVEL.platinum || level === LEVEL.blackGold;

/** The badge text for a membership level. */
export function levelName(level: number | null | undefined): string {
  const lv = Number(level ?? 0);
  if (!Number.isFinite(lv) || lv <= LEVEL.visitor) return '游客';
  if (lv <= LEVEL.trialMax) return '体验会员';
  return NAMED[lv] ?? '尊享会员';
}

/** Silver tier (20-22) shares one colour family; used for badge styling. */
export function levelTier(
  level: number | null | undefined,
): 'visitor' | 'trial' | 'silver' | 'gold' | 'platinum' | 'black' | 'supreme' | 'honoured' {
  const lv = Number(level ?? 0);
  if (!Number.isFinite(lv) || lv <= 0) return 'visitor';
  if (lv <= LEVEL.trialMax) return 'trial';
  if (lv >= LEVEL.vipLocal && lv <= LEVEL.vipProfessional) return 'silver';
  if (lv === LEVEL.gold) return 'gold';
  if (lv === LEVEL.platinum) return 'platinum';
  if (lv === LEVEL.blackGold) return 'black';
  if (lv === LEVEL.supreme || lv === LEVEL.group) return 'supreme';
  return 'honoured';
}
