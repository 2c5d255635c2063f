// Operator card batches, the one way both the console and `npm run cards` make, list and void them: the grant checked
// against the catalogue, the cards and the audit row in one transaction. A console batch keeps its secrets sealed
// (AES-256-GCM, as gift cards do) until they are exported once as .xlsx, then drops them; the command line hands its
// secrets out at creation (a CSV written inside the transaction) and keeps none (docs/decisions.md "cards",
// "Console").
import {
  CARD_BATCH_STATES,
  CARD_GRANT_KINDS,
  type CardBatch,
  type CardBatchQuery,
  type CardGrantKind,
  CREDIT_TOOLS,
  DEFAULT_API_PLAN_ID,
  MSG,
  ORDER_COUNT,
  type Page,
  shanghaiDayRange,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { AppError, errors } from '../../errors.js';
import { filteredList, givenFields, type Paging } from '../../lib/paging.js';
import { unseal } from '../../lib/seal.js';
import type { AuditActor, RecordAudit } from '../staff/audit.js';
import {
  type BatchFilter,
  findGrantPlan,
  findGrantTemplate,
  findGrantTool,
  type OperatorBatchRow,
  operatorBatchList,
  voidBatch,
} from './console-repo.js';
import { grantText } from './presenter.js';
import { batchCards, dropSealedSecrets, insertBatch, insertCards, markBatch } from './repo.js';
import { type NewCard, newCards } from './secrets.js';

/** What a new batch is: the fields of the console's body (and of the command line's options). */
export interface BatchInput {
  name: string;
  grant_kind: CardGrantKind;
  grant_gid?: number | undefined;
  grant_tool?: string | undefined;
  grant_template?: number | undefined;
  /** Years of a plan, uses of a tool, API calls; none for a coupon. */
  units?: number | undefined;
  count: number;
  /** The last day the cards bind, Shanghai YYYY-MM-DD. */
  expires: string;
}

interface Grant {
  kind: CardGrantKind;
  gid: number | null;
  tool: string | null;
  template: number | null;
  units: number;
}

export interface BatchesDeps {
  db: Db;
  now: () => Date;
  hmacKey: Buffer;
  sealKey: Buffer;
  audit: RecordAudit;
}

const grantInvalid = () => errors.badRequest(MSG.batchGrantInvalid);
const within = (n: number | undefined, max: number): n is number =>
  n !== undefined && Number.isInteger(n) && n >= 1 && n <= max;

/** The grant of the input, checked against the catalogue (a plan on sale, a credit tool, the API package's unit). */
async function grantOf(db: Db, input: BatchInput): Promise<Grant> {
  const none = { gid: null, tool: null, template: null };
  if (input.grant_kind === 'plan') {
    const plan = input.grant_gid === undefined ? undefined : await findGrantPlan(db, input.grant_gid);
    if (!plan || plan.level === null || !within(input.units, ORDER_COUNT.max)) throw grantInvalid();
    return { ...none, kind: 'plan', gid: plan.gid, units: input.units };
  }
  if (input.grant_kind === 'credits') {
    const tool = input.grant_tool ?? '';
    if (!(CREDIT_TOOLS as readonly string[]).includes(tool) || !(await findGrantTool(db, tool)))
      throw grantInvalid();
    if (!within(input.units, 100_000)) throw grantInvalid();
    return { ...none, kind: 'credits', tool, units: input.units };
  }
  if (input.grant_kind === 'api') {
    const perUnit = (await findGrantPlan(db, DEFAULT_API_PLAN_ID))?.api_calls_per_unit ?? 0;
    if (!within(input.units, 100_000_000) || perUnit <= 0 || input.units % perUnit !== 0)
      throw grantInvalid();
    return { ...none, kind: 'api', gid: DEFAULT_API_PLAN_ID, units: input.units };
  }
  const template =
    input.grant_template === undefined ? undefined : await findGrantTemplate(db, input.grant_template);
  if (template?.status !== 'active') throw grantInvalid();
  return { ...none, kind: 'coupon', template: template.id, units: 1 };
}

/** The end of the Shanghai day as an ISO instant; null for no such date. */
function endOfDay(text: string): string | null {
  const at = Date.parse(`${text}T23:59:59.999+08:00`);
  return Number.isNaN(at) || new Date(at + 8 * 3_600_000).toISOString().slice(0, 10) !== text
    ? null
    : new Date(at).toISOString();
}

const kindOf = (kind: string): CardGrantKind =>
  (CARD_GRANT_KINDS as readonly string[]).includes(kind) ? (kind as CardGrantKind) : 'plan';

export function toCardBatch(row: OperatorBatchRow): CardBatch {
  return {
    id: row.id,
    name: row.name,
    grant_kind: kindOf(row.grant_kind),
    grant: grantText(row),
    count: row.count,
    bound: Number(row.bound ?? 0),
    created_by: row.created_by,
    created_at: row.created_at,
    expires_at: row.expires_at,
    status: (CARD_BATCH_STATES as readonly string[]).includes(row.status) ? (row.status as 'active') : 'void',
    exported: row.downloaded_at !== null,
    exported_at: row.downloaded_at,
  };
}

/** The audit's picture of a batch (never a secret). */
const auditView = (b: CardBatch) => ({
  name: b.name,
  grant: b.grant,
  count: b.count,
  expires_at: b.expires_at,
  status: b.status,
  exported: b.exported,
});

function filterOf(q: CardBatchQuery): BatchFilter {
  return {
    ...givenFields({ name: q.name, grantKind: q.grant_kind, status: q.status }),
    ...shanghaiDayRange(q.from, q.to),
  };
}

export function createCardBatches({ db, now, hmacKey, sealKey, audit }: BatchesDeps) {
  async function batchOf(q: Db, id: number): Promise<CardBatch> {
    const row = await operatorBatchList.byId(q, id);
    if (!row) throw new AppError(404, 404, MSG.batchNotFound);
    return toCardBatch(row);
  }

  const batches = (query: CardBatchQuery) =>
    filteredList(operatorBatchList, db, filterOf(query), (rows) => rows.map(toCardBatch));

  return {
    list: (query: CardBatchQuery, paging: Paging): Promise<Page<CardBatch>> => batches(query).page(paging),

    /** The list's rows for its .xlsx, a batch of rows at a time. */
    exportRows: (query: CardBatchQuery): AsyncIterable<CardBatch> => batches(query).all(),

    /**
     * A new batch. `handOut` (the command line): called with the secrets inside the transaction, which fails with it;
     * the batch is then exported already and keeps no secret. Without it the secrets are sealed for one export.
     */
    async create(
      input: BatchInput,
      actor: AuditActor,
      reason: string,
      handOut?: (cards: readonly NewCard[]) => Promise<void>,
    ): Promise<CardBatch> {
      const at = now();
      const stamp = at.toISOString();
      const name = input.name.trim();
      if (!name || [...name].length > 60) throw errors.badRequest(MSG.batchNameInvalid);
      if (!within(input.count, 10_000)) throw errors.badRequest(MSG.batchCountInvalid);
      const expiresAt = endOfDay(input.expires);
      if (!expiresAt || expiresAt <= stamp) throw errors.badRequest(MSG.batchExpiresInvalid);
      const grant = await grantOf(db, input);
      const cards = newCards(input.count, hmacKey, handOut ? null : sealKey);
      return db.transaction().execute(async (trx) => {
        const id = await insertBatch(trx, {
          name,
          grant_kind: grant.kind,
          grant_gid: grant.gid,
          grant_tool: grant.tool,
          grant_template: grant.template,
          grant_units: grant.units,
          count: input.count,
          expires_at: expiresAt,
          status: 'active',
          created_at: stamp,
          created_by: actor.staff.username,
          order_id: null,
          shown_at: null,
          downloaded_at: handOut ? stamp : null,
        });
        await insertCards(
          trx,
          cards.map((c) => ({
            batch_id: id,
            card_no: c.cardNo,
            secret_hash: c.secretHash,
            secret_sealed: c.secretSealed,
            status: 'unbound',
            user_id: null,
            bound_at: null,
            order_id: null,
            created_at: stamp,
          })),
        );
        const batch = await batchOf(trx, id);
        await audit(trx, {
          ...actor,
          action: 'cards.create_batch',
          targetType: 'card_batch',
          targetId: id,
          after: auditView(batch),
          reason,
        });
        if (handOut) await handOut(cards);
        return batch;
      });
    },

    /**
     * The batch's card numbers and secrets, once: marked exported and its sealed secrets dropped in the transaction
     * that reads them (with the audit row), so a second call (or a racing one) is refused 410.
     */
    async exportSecrets(
      id: number,
      actor: AuditActor,
    ): Promise<{ batch: CardBatch; cards: { card_no: string; card_secret: string; bound: boolean }[] }> {
      const stamp = now().toISOString();
      return db.transaction().execute(async (trx) => {
        const before = await batchOf(trx, id);
        if (!(await markBatch(trx, id, 'downloaded_at', stamp)))
          throw new AppError(410, 410, MSG.batchSecretsExported);
        const rows = await batchCards(trx, id);
        if (rows.some((c) => c.secret_sealed === null))
          throw new AppError(410, 410, MSG.batchSecretsUnavailable);
        const cards = rows.map((c) => ({
          card_no: c.card_no,
          card_secret: unseal(sealKey, c.secret_sealed ?? ''),
          bound: c.status === 'bound',
        }));
        await dropSealedSecrets(trx, id);
        const batch = await batchOf(trx, id);
        await audit(trx, {
          ...actor,
          action: 'cards.export_secrets',
          targetType: 'card_batch',
          targetId: id,
          before: auditView(before),
          after: { ...auditView(batch), cards: cards.length },
        });
        return { batch, cards };
      });
    },

    /** Voids an active batch: its unbound cards bind no more (bound ones keep what they gave); secrets dropped. */
    async void(id: number, actor: AuditActor, reason: string): Promise<CardBatch> {
      return db.transaction().execute(async (trx) => {
        const before = await batchOf(trx, id);
        if (!(await voidBatch(trx, id))) throw errors.badRequest(MSG.batchVoided);
        await dropSealedSecrets(trx, id);
        const batch = await batchOf(trx, id);
        await audit(trx, {
          ...actor,
          action: 'cards.void_batch',
          targetType: 'card_batch',
          targetId: id,
          before: auditView(before),
          after: auditView(batch),
          reason,
        });
        return batch;
      });
    },
  };
}

export type CardBatches = ReturnType<typeof createCardBatches>;
