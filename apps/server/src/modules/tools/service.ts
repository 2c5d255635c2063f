// The tools a member has and the usage credits (docs/decisions.md "tools"): a tool comes with the
// plan from its level, or with credits bought in packs or given by a card. Credits are a ledger: each grant is written
// once per source, each use once per request id and taken from the grant that expires first by a conditional update,
// so no credit is spent twice and no grant goes below zero; the balance is what the unexpired grants have left. A whole
// refund of a pack order takes its grant back while none of it was spent.
import { type CreditPack, DAY_MS, MSG, type MyTool, type ToolCode, type UseCost } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import type { Launcher } from './launch.js';
import { toCreditPack, toMyTool } from './presenter.js';
import {
  creditBalances,
  findGrantBySource,
  findPack,
  findUse,
  holdGrant,
  insertGrant,
  insertUse,
  listPackOffers,
  listPacks,
  listTools,
  type NewGrant,
  releaseGrant,
  takeCredit,
  usableGrants,
} from './repo.js';

export interface ToolsDeps {
  db: Db;
  now: () => Date;
  /** The configured tool hosts (origins), by the catalogue's host index. */
  toolHosts: readonly string[];
  launcher: Launcher;
}

/** Whose tools: the main account's credits, the plan's level and expiry (a sub-account's are its main account's). */
export interface ToolHolder {
  ownerId: number;
  level: number;
  planExpiry: string | null;
}

/** Who opens a tool: the account, and its holder's plan and credits. */
export interface ToolUser extends ToolHolder {
  userId: number;
  username: string;
}

/** Who pays for an evaluation: the main account's credits, unless the level includes the tool. */
export interface CreditPayer {
  ownerId: number;
  level: number;
}

export type { NewGrant };

/** A pack as an order prices and credits it. */
export type PackOffer = NonNullable<Awaited<ReturnType<typeof findPack>>>;

/** A paid order's credits: `count` of the pack for the member, granted once per order. */
export interface PackGrant {
  userId: number;
  packId: number;
  count: number;
  orderId: number;
  at: Date;
}

/** A use of one credit: charged now, charged before for this request id, or no credit left. */
export type UseOutcome = 'charged' | 'repeated' | 'insufficient';

/**
 * The credit packs as goods commerce sells beside plans: the pack an order buys, and its credits granted in the
 * crediting transaction. Its own factory, so the operator's commands credit a transfer without the tool hosts.
 */
export function createCreditGoods(db: Db) {
  return {
    /** The pack, on sale or not; `q`: the caller's transaction. */
    async packOf(packId: number, q: Db = db): Promise<PackOffer | undefined> {
      return findPack(q, packId);
    },

    /** What a paid order of credits granted (订单详情). */
    grantOf(orderId: number) {
      return findGrantBySource(db, 'order', String(orderId));
    },

    /** Every pack, on sale or not (the names of 我的订单's credit orders). */
    packOffers(): Promise<PackOffer[]> {
      return listPackOffers(db);
    },

    /**
     * A paid order's credits, in the crediting transaction `q`: `count` × the pack's uses, usable for its days from
     * now; the order is the grant's unique source, so crediting it again grants nothing. The expiry, or null when
     * the order had granted before.
     */
    async grantPack(q: Db, { userId, packId, count, orderId, at }: PackGrant): Promise<string | null> {
      const pack = await findPack(q, packId);
      if (!pack) throw new Error(`order ${orderId}: credit pack ${packId} is gone`);
      const expiresAt = new Date(at.getTime() + pack.valid_days * DAY_MS).toISOString();
      const granted = await insertGrant(q, {
        userId,
        toolCode: pack.tool_code,
        sourceType: 'order',
        sourceId: String(orderId),
        uses: pack.uses * count,
        expiresAt,
        at: at.toISOString(),
      });
      return granted ? expiresAt : null;
    },

    /**
     * A whole refund of a paid pack order, in the refund's transaction `q`: takes its credits back, all of them, only
     * while the member has spent none (credits are drawn from the grant expiring first, so each order's grant tells
     * what was spent of it). false: some were spent (or the order granted nothing).
     */
    takeBackPack(q: Db, orderId: number): Promise<boolean> {
      return holdGrant(q, 'order', String(orderId));
    },

    /** The pack's credits given back in `q`: the whole refund that took them failed or was closed. */
    returnPack(q: Db, orderId: number): Promise<void> {
      return releaseGrant(q, 'order', String(orderId));
    },
  };
}

export type CreditGoods = ReturnType<typeof createCreditGoods>;

export function createToolsService({ db, now, toolHosts, launcher }: ToolsDeps) {
  /** Takes one credit of the tool for the request, in one transaction; a repeated request id is charged once. */
  async function useCredit(userId: number, tool: ToolCode, requestId: string): Promise<UseOutcome> {
    const at = now().toISOString();
    try {
      return await db.transaction().execute(async (trx) => {
        if (await findUse(trx, userId, tool, requestId)) return 'repeated';
        for (const grant of await usableGrants(trx, userId, tool, at)) {
          if (!(await takeCredit(trx, grant.id, at))) continue;
          await insertUse(trx, { userId, toolCode: tool, requestId, grantId: grant.id, at });
          return 'charged';
        }
        // No credit left, perhaps because a concurrent call of this request id took the last one (PostgreSQL: its
        // commit is visible to this statement): that call charged it.
        return (await findUse(trx, userId, tool, requestId)) ? 'repeated' : 'insufficient';
      });
    } catch (error) {
      // The same request id charged by a concurrent call (tool_credit_uses_request_uq): this one took nothing.
      if (await findUse(db, userId, tool, requestId)) return 'repeated';
      throw error;
    }
  }

  async function mine(holder: ToolHolder): Promise<MyTool[]> {
    const at = now().toISOString();
    const [tools, packs, balances] = await Promise.all([
      listTools(db),
      listPacks(db),
      creditBalances(db, holder.ownerId, at),
    ]);
    const buyable = new Set(packs.map((p) => p.tool_code));
    return tools.map((tool) => {
      const balance = balances.get(tool.code);
      return toMyTool(
        tool,
        {
          level: holder.level,
          planExpiry: holder.planExpiry,
          credits: balance?.credits ?? 0,
          firstCreditExpiry: balance?.firstExpiry ?? null,
        },
        buyable.has(tool.code),
        toolHosts,
      );
    });
  }

  /** Unexpired credits of any of `tools` the holder has left. */
  async function creditsLeft(ownerId: number, tools: readonly ToolCode[]): Promise<number> {
    const balances = await creditBalances(db, ownerId, now().toISOString());
    return tools.reduce((sum, tool) => sum + (balances.get(tool)?.credits ?? 0), 0);
  }

  return {
    useCredit,
    mine,
    creditsLeft,

    /** The in-app pages of the policy tools the main account holds unexpired credits for (their menu entries open). */
    async creditPaths(ownerId: number): Promise<ReadonlySet<string>> {
      const [tools, balances] = await Promise.all([
        listTools(db),
        creditBalances(db, ownerId, now().toISOString()),
      ]);
      return new Set(
        tools.flatMap((tool) =>
          tool.kind === 'policy' && tool.path && (balances.get(tool.code)?.credits ?? 0) > 0
            ? [tool.path]
            : [],
        ),
      );
    },

    /**
     * An evaluation of a tool: free when the payer's level includes it or its result is not complete (资料待补充),
     * else one credit for the request id (a retried request is charged once). No credit left: the VIP page's 403, as
     * for a member who never had any.
     */
    async payForUse(
      payer: CreditPayer,
      tool: ToolCode,
      requestId: string,
      complete: boolean,
    ): Promise<UseCost> {
      const row = (await listTools(db)).find((t) => t.code === tool);
      if (row && payer.level >= row.included_level) return 'none';
      if (!complete) return 'incomplete';
      const outcome = await useCredit(payer.ownerId, tool, requestId);
      if (outcome === 'insufficient') throw errors.vipOnly();
      return 'credit';
    },

    /**
     * The address the iframe area opens an external tool at: its host with a fresh launch token. A policy tool is a
     * page of this app (no ticket); a tool the member does not have, or one without a configured host, opens nothing.
     */
    async launch(user: ToolUser, code: ToolCode): Promise<string> {
      const tool = (await mine(user)).find((t) => t.code === code);
      if (tool?.kind !== 'external') throw errors.badRequest(MSG.toolInvalid);
      if (tool.source === null) throw errors.vipOnly();
      if (!tool.url) throw errors.toolUnavailable();
      return launcher.launchUrl(tool.url, {
        ownerId: user.ownerId,
        userId: user.userId,
        username: user.username,
        tool: code,
      });
    },

    ...createCreditGoods(db),

    /** Writes a grant of `uses` credits unless its source granted before (in the caller's transaction if given). */
    grantCredits(grant: NewGrant, q: Db = db): Promise<boolean> {
      return insertGrant(q, grant);
    },

    async packs(tool: ToolCode): Promise<CreditPack[]> {
      return (await listPacks(db, tool)).map(toCreditPack);
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
