// The tool catalogue and the credit packs of the policy tools (product data, seeded into an empty table whatever
// SEED_DEMO says). Prices are demo prices; they live here as data, never in code.
import { LEVEL, type ToolCode } from '@uc/shared';
import type { Db } from '../connection.js';

interface ToolSeed {
  code: ToolCode;
  name: string;
  kind: 'external' | 'policy';
  hostIndex?: number;
  path?: string;
  includedLevel: number;
  description: string;
  /** Uses and yuan per pack, valid for a year from the grant. */
  packs?: readonly (readonly [uses: number, yuan: number])[];
}

/** The lowest level of an account (a trial member): every registered company. */
const ANY_ACCOUNT = LEVEL.visitor + 1;

const PACKS = (ten: number, fifty: number, twoHundred: number) =>
  [
    [10, ten],
    [50, fifty],
    [200, twoHundred],
  ] as const;

export const TOOL_SEED: readonly ToolSeed[] = [
  {
    code: 'rd',
    name: '研发费用管理系统',
    kind: 'external',
    hostIndex: 0,
    // Every registered company has it, as the dashboard's card has always offered.
    includedLevel: ANY_ACCOUNT,
    description: '研发项目立项、费用归集、辅助账与加计扣除一站式管理',
  },
  {
    code: 'gq',
    name: '高企资料库',
    kind: 'external',
    hostIndex: 1,
    includedLevel: ANY_ACCOUNT,
    description: '高新技术企业认定资料的整理、归档与在线查阅',
  },
  {
    code: 'hts_score',
    name: '高企评分',
    kind: 'policy',
    path: '/hts/identification/score',
    includedLevel: LEVEL.vipLocal,
    description: '按高新技术企业认定标准为企业打分，给出差距与建议',
    packs: PACKS(99, 399, 1299),
  },
  {
    code: 'sme_evaluation',
    name: '专精特新评测',
    kind: 'policy',
    path: '/specialization_new/evaluation/accreditation',
    includedLevel: LEVEL.vipLocal,
    description: '对照创新型中小企业、专精特新与小巨人三级梯度评测',
    packs: PACKS(99, 399, 1299),
  },
  {
    code: 'match_exact',
    name: '精准匹配',
    kind: 'policy',
    path: '/smart/match/policy/exact',
    includedLevel: LEVEL.vipLocal,
    description: '按企业问卷逐条比对在申政策的条件，导出匹配清单',
    packs: PACKS(199, 799, 2599),
  },
  {
    code: 'match_fast',
    name: '快速匹配',
    kind: 'policy',
    path: '/smart/match/policy/fast',
    // Every member may match fast, as the menu has always offered (按政策找客户 on its page stays VIP).
    includedLevel: ANY_ACCOUNT,
    description: '一键找出客户可申报的政策，或按政策找出匹配的客户',
  },
];

const VALID_DAYS = 365;

/** Inserts the catalogue into an empty `tools` table; another instance seeding at once leaves its rows standing. */
export async function seedTools(db: Db): Promise<number> {
  const empty = async () =>
    (await db.selectFrom('tools').select('code').limit(1).executeTakeFirst()) === undefined;
  if (!(await empty())) return 0;
  try {
    return await db.transaction().execute(async (trx) => {
      if ((await trx.selectFrom('tools').select('code').limit(1).executeTakeFirst()) !== undefined) return 0;
      for (const [index, tool] of TOOL_SEED.entries()) {
        await trx
          .insertInto('tools')
          .values({
            code: tool.code,
            name: tool.name,
            kind: tool.kind,
            host_index: tool.hostIndex ?? null,
            path: tool.path ?? null,
            included_level: tool.includedLevel,
            description: tool.description,
            sort: index + 1,
          })
          .execute();
        for (const [i, [uses, yuan]] of (tool.packs ?? []).entries())
          await trx
            .insertInto('tool_credit_packs')
            .values({
              tool_code: tool.code,
              uses,
              price_fen: yuan * 100,
              valid_days: VALID_DAYS,
              sort: i + 1,
            })
            .execute();
      }
      return TOOL_SEED.length;
    });
  } catch (error) {
    if (await empty()) throw error;
    return 0;
  }
}
