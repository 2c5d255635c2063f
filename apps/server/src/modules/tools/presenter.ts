// Catalogue rows and balances into the shapes of the /saastools tool calls (yuan on the wire).
import { type CreditPack, fenToYuan, type MyTool, TOOL_CODES, type ToolCode } from '@uc/shared';
import type { ToolCreditPackRow, ToolRow } from '../../db/schema.js';

const codeOf = (code: string): ToolCode =>
  (TOOL_CODES as readonly string[]).includes(code) ? (code as ToolCode) : 'rd';

/** What a member has of a tool: its plan's level and expiry, its credits. */
export interface Holding {
  level: number;
  planExpiry: string | null;
  credits: number;
  firstCreditExpiry: string | null;
}

export function toMyTool(
  tool: ToolRow,
  holding: Holding,
  buyable: boolean,
  toolHosts: readonly string[],
): MyTool {
  const included = holding.level >= tool.included_level;
  const host = tool.host_index === null ? undefined : toolHosts[tool.host_index];
  const source = included ? 'plan' : holding.credits > 0 ? 'credits' : null;
  return {
    code: codeOf(tool.code),
    name: tool.name,
    description: tool.description,
    kind: tool.kind === 'external' ? 'external' : 'policy',
    path: tool.kind === 'policy' ? tool.path : null,
    url: tool.kind === 'external' && host ? `${host}/` : null,
    source,
    included_level: tool.included_level,
    expires_at:
      source === 'plan' ? holding.planExpiry : source === 'credits' ? holding.firstCreditExpiry : null,
    credits: holding.credits,
    buyable,
  };
}

export function toCreditPack(pack: ToolCreditPackRow): CreditPack {
  return {
    id: pack.id,
    tool: codeOf(pack.tool_code),
    uses: pack.uses,
    price: fenToYuan(pack.price_fen),
    valid_days: pack.valid_days,
  };
}
