// Bound cards into the shape of GET /saastools/mycard: what each gave, in words.
import { CARD_GRANT_KINDS, type CardGrantKind, type MyCard } from '@uc/shared';

export interface BoundCardRow {
  card_no: string;
  bound_at: string | null;
  name: string;
  grant_kind: string;
  grant_units: number;
  plan_name: string | null;
  tool_name: string | null;
  coupon_name: string | null;
  out_trade_no: string | null;
}

const kindOf = (kind: string): CardGrantKind =>
  (CARD_GRANT_KINDS as readonly string[]).includes(kind) ? (kind as CardGrantKind) : 'plan';

const count = (n: number) => n.toLocaleString('en-US');

/** 'VIP专业版 1年', '高企评分 50次', 'API调用 50,000次', '优惠券 新人满减券'. */
export function grantText(
  row: Pick<BoundCardRow, 'grant_kind' | 'grant_units' | 'plan_name' | 'tool_name'> &
    Partial<Pick<BoundCardRow, 'coupon_name'>>,
) {
  const kind = kindOf(row.grant_kind);
  if (kind === 'plan') return `${row.plan_name ?? '会员套餐'} ${row.grant_units}年`;
  if (kind === 'credits') return `${row.tool_name ?? '工具'} ${count(row.grant_units)}次`;
  if (kind === 'coupon') return `优惠券 ${row.coupon_name ?? ''}`.trim();
  return `API调用 ${count(row.grant_units)}次`;
}

export function toMyCard(row: BoundCardRow): MyCard {
  return {
    card_no: row.card_no,
    name: row.name,
    kind: kindOf(row.grant_kind),
    grant: grantText(row),
    bound_at: row.bound_at ?? '',
    out_trade_no: row.out_trade_no,
  };
}
