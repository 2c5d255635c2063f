// The SaaS tools of the member center and the usage credits that open a tool a member's plan does not include
// (docs/requirements.md §7 /saastools calls; docs/decisions.md "tools").
import { z } from 'zod';
import { orderQuantityFields } from './commerce.js';
import { idField } from './fields.js';
import { MSG } from './messages.js';

/** Paths exactly as docs/requirements.md §7 writes them (GET unless noted). */
export const TOOLS_API = {
  /** -> MyTool[]: every tool with how the member has it. */
  mine: '/saastools/mytools/',
  /** Query tool -> CreditPack[]: the credit packs of a tool, cheapest first. */
  packPrices: '/saastools/getbuytoolsactionsprice',
  /** POST form tool, pack, count -> OrderCreated: the member's open order of credit packs, paid like a plan's. */
  buy: '/saastools/buytoolsactions',
  /** Query tool -> ToolLaunch: the external tool's address with a fresh launch token (not in docs/requirements.md §7). */
  launch: '/saastools/toollaunch',
} as const;

/** The tools of the catalogue, by code. */
export const TOOL_CODES = ['rd', 'gq', 'hts_score', 'sme_evaluation', 'match_exact', 'match_fast'] as const;
export type ToolCode = (typeof TOOL_CODES)[number];

/** The policy tools whose evaluations a member without them may pay for with one credit each. */
export const CREDIT_TOOLS = [
  'hts_score',
  'sme_evaluation',
  'match_exact',
] as const satisfies readonly ToolCode[];

export const toolCodeField = z.enum(TOOL_CODES, { error: MSG.toolInvalid });

/** GET /saastools/mytools/ item. */
export const myToolSchema = z.object({
  code: z.enum(TOOL_CODES),
  name: z.string(),
  description: z.string(),
  /** 'external': another host, opened in the iframe area; 'policy': a page of this app (`path`). */
  kind: z.enum(['external', 'policy']),
  /** policy: the page's path in the app; external: null. */
  path: z.string().nullable(),
  /** external: the tool's address on its configured host (null when the deployment has none); policy: null. */
  url: z.string().nullable(),
  /** How the member has it now: its plan includes it, it holds credits for it, or neither. */
  source: z.enum(['plan', 'credits']).nullable(),
  /** The lowest level whose plan includes the tool. */
  included_level: z.number(),
  /** source 'plan': the plan's expiry; 'credits': when the first of the credits expires; else null. */
  expires_at: z.string().nullable(),
  /** Unexpired credits left (0 when none). */
  credits: z.number(),
  /** Whether credit packs are sold for it (购买次数). */
  buyable: z.boolean(),
});
export type MyTool = z.infer<typeof myToolSchema>;

/** GET /saastools/getbuytoolsactionsprice item. */
export const creditPackSchema = z.object({
  id: z.number(),
  tool: z.enum(TOOL_CODES),
  uses: z.number(),
  /** Yuan. */
  price: z.number(),
  /** Days the credits stay usable after they are granted. */
  valid_days: z.number(),
});
export type CreditPack = z.infer<typeof creditPackSchema>;

/** The query naming one tool: its packs' prices (TOOLS_API.packPrices) and where it opens (TOOLS_API.launch). */
export const toolQuery = z.object({ tool: toolCodeField });
export type ToolQuery = z.infer<typeof toolQuery>;

/** POST /saastools/buytoolsactions: `count` packs (1-5) of the tool's pack `pack`. */
export const buyCreditsBody = z.object({
  tool: toolCodeField,
  pack: idField(MSG.packInvalid),
  ...orderQuantityFields,
});
export type BuyCreditsInput = z.input<typeof buyCreditsBody>;

/** GET /saastools/toollaunch: where the iframe area opens the tool. */
export const toolLaunchSchema = z.object({ url: z.string() });
export type ToolLaunch = z.infer<typeof toolLaunchSchema>;
