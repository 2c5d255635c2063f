// The member's own book: the registry search (each row saying whether it is a customer already), adding and removing
// customers within the plan's limit, tags, follow-up notes, and imports of up to IMPORT_ROWS_MAX rows run by a
// worker any instance may take over (one transaction per batch of rows, progress recorded with it).
import {
  type AddCustomersAnswer,
  type CompanySearchPage,
  type CustomerNote,
  type CustomerQuota,
  type CustomerTag,
  customerLimit,
  IMPORT_OUTCOMES,
  IMPORT_ROWS_MAX,
  type ImportJob,
  type ImportOutcome,
  MSG,
  NOTES_PER_CUSTOMER_MAX,
  parseJson,
  shanghaiDate,
  TAG_LIMITS,
} from '@uc/shared';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/connection.js';
import type { CompaniesTable } from '../../db/schema.js';
import { errors } from '../../errors.js';
import type { Paging } from '../../lib/paging.js';
import type { Member } from '../../plugins/auth.js';
import { authorize, authorizeAll, memberPrincipal } from '../access/policies.js';
import {
  addCompanies,
  claimableImports,
  claimImport,
  countNotes,
  customersOfCompanies,
  customersTagged,
  deleteNote,
  findImport,
  finishImport,
  type ImportRow,
  insertImport,
  insertNote,
  memberTags,
  type NoteRow,
  notesOf,
  ownersOf,
  recordBatch,
  removeCustomers,
  replaceTags,
  tagsOf,
} from './book-repo.js';
import { toCompanySearchItem } from './presenter.js';
import { customerTotals, findCustomer } from './repo.js';

/** The registry as the book reads it (the companies module's service). */
export interface CompanyRegistry {
  search(q: string, paging: Paging): Promise<{ rows: CompanyRegistryRow[]; total: number; capped: boolean }>;
  byIds(ids: readonly number[]): Promise<CompanyRegistryRow[]>;
  match(
    texts: readonly string[],
  ): Promise<Map<string, { company: CompanyRegistryRow } | { ambiguous: true } | { none: true }>>;
}

/** A registry company as the book reads it. */
export type CompanyRegistryRow = Selectable<CompaniesTable>;

/** The longest text of an import row that is looked up (a name or a code); longer rows are 内容有误. */
const IMPORT_TEXT_MAX = 100;
/** Rows of an import handled in one transaction. */
export const IMPORT_BATCH = 500;
/** How long a worker holds an import between two batches; past it another instance takes it over. */
const IMPORT_LEASE_MS = 30_000;
const IMPORT_POLL_MS = 2_000;

/** One row's outcome as the job keeps it: [outcome, company id or null]. */
const resultsSchema = z.array(
  z.tuple([z.enum(Object.keys(IMPORT_OUTCOMES) as [ImportOutcome]), z.number().nullable()]),
);
const inputSchema = z.array(z.string());

export interface ImportResultRow {
  line: number;
  text: string;
  outcome: ImportOutcome;
  company: CompanyRegistryRow | undefined;
}

/** Why a row came out as it did, as the result file says it. */
export const OUTCOME_REASONS: Record<ImportOutcome, string> = {
  added: '已添加为客户',
  already: '该企业已是您的客户',
  repeated: '与文件中前面的行是同一家企业',
  not_found: '企业库中没有该名称或信用代码的企业，请核对企业全称',
  ambiguous: '企业库中有多家同名企业，请改用统一社会信用代码',
  over_limit: '客户数量已达套餐上限，请升级会员后再导入',
  invalid: '该行为空或内容过长',
};

interface BookDeps {
  db: Db;
  now: () => Date;
  companies: CompanyRegistry;
  log: { warn(obj: object, msg: string): void };
}

const toNote = (row: NoteRow): CustomerNote => ({
  id: row.id,
  content: row.content,
  noted_on: row.noted_on,
  author: row.author,
  created_at: row.created_at,
});

function toImportJob(row: ImportRow): ImportJob {
  return {
    id: row.id,
    file_name: row.file_name,
    status: row.status as ImportJob['status'],
    total: row.total,
    processed: row.processed,
    added: row.added,
    duplicate: row.duplicate,
    not_found: row.not_found,
    failed: row.failed,
    error: row.error,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

export function createCustomerBook({ db, now, companies, log }: BookDeps) {
  /** The member's own customers among `ids`: 403 when one is another member's; unknown ids are left out. */
  async function ownIds(member: Member, ids: readonly number[]): Promise<number[]> {
    const owners = await ownersOf(db, ids);
    authorizeAll(
      memberPrincipal(member),
      'customer.write',
      [...owners.values()].map((user_id) => ({ user_id })),
    );
    return ids.filter((id) => owners.has(id));
  }

  /** The member's customer `id`: 404 unknown, 403 another member's. */
  async function ownCustomer(member: Member, id: number, action: 'customer.read' | 'customer.write') {
    return authorize(memberPrincipal(member), action, await findCustomer(db, id));
  }

  async function quota(member: Member): Promise<CustomerQuota> {
    const totals = await customerTotals(db, member.ownerId);
    return { count: totals.customers, limit: customerLimit(member.level) };
  }

  /** Runs batches of one import while this worker holds it; returns when it is done or taken over. */
  async function runImport(id: number): Promise<void> {
    const at = () => now().toISOString();
    let lease = new Date(now().getTime() + IMPORT_LEASE_MS).toISOString();
    let job = await claimImport(db, id, at(), lease);
    if (!job) return;
    const input = parseJson(job.input, inputSchema) ?? [];
    const results = parseJson(job.results, resultsSchema) ?? [];
    // Company ids earlier rows named: a later row naming one again is a repeat.
    const seen = new Set(results.flatMap(([, companyId]) => (companyId === null ? [] : [companyId])));
    while (job.processed < input.length) {
      const from: number = job.processed;
      const texts = input.slice(from, from + IMPORT_BATCH);
      const readable = (text: string) => text !== '' && [...text].length <= IMPORT_TEXT_MAX;
      const matches = await companies.match([...new Set(texts.filter(readable))]);
      const outcomes: [ImportOutcome, number | null][] = [];
      const adding: CompanyRegistryRow[] = [];
      for (const text of texts) {
        const match = readable(text) ? matches.get(text) : undefined;
        if (!match) outcomes.push(['invalid', null]);
        else if ('none' in match) outcomes.push(['not_found', null]);
        else if ('ambiguous' in match) outcomes.push(['ambiguous', null]);
        else if (seen.has(match.company.id)) outcomes.push(['repeated', match.company.id]);
        else {
          seen.add(match.company.id);
          adding.push(match.company);
          outcomes.push(['added', match.company.id]);
        }
      }
      const nextLease = new Date(now().getTime() + IMPORT_LEASE_MS).toISOString();
      const previous: ImportRow = job;
      const kept = await db
        .transaction()
        .execute(async (trx) => {
          const outcome = await addCompanies(trx, previous.user_id, adding, previous.customer_limit, at());
          const already = new Set(outcome.already);
          const over = new Set(outcome.overLimit);
          for (const row of outcomes) {
            if (row[0] !== 'added' || row[1] === null) continue;
            if (already.has(row[1])) row[0] = 'already';
            else if (over.has(row[1])) row[0] = 'over_limit';
          }
          const tally = (kinds: ImportOutcome[]) => outcomes.filter(([o]) => kinds.includes(o)).length;
          const ok = await recordBatch(trx, previous.id, lease, from, {
            processed: from + texts.length,
            added: previous.added + tally(['added']),
            duplicate: previous.duplicate + tally(['already', 'repeated']),
            not_found: previous.not_found + tally(['not_found']),
            failed: previous.failed + tally(['ambiguous', 'over_limit', 'invalid']),
            results: JSON.stringify([...results, ...outcomes]),
            lease_until: nextLease,
          });
          // Another worker took the job over: this batch is its to do.
          if (!ok) throw new LostLease();
          return true;
        })
        .catch((err: unknown) => {
          if (err instanceof LostLease) return false;
          throw err;
        });
      if (!kept) return;
      results.push(...outcomes);
      lease = nextLease;
      const next = await findImport(db, id);
      if (!next) return;
      job = next;
    }
    await finishImport(db, id, lease, 'done', at());
  }

  /** Takes and runs the imports waiting for a worker (queued, or left by a stopped one). */
  async function runImports(): Promise<void> {
    for (const id of await claimableImports(db, now().toISOString(), 10)) {
      await runImport(id).catch((err: unknown) => log.warn({ err, import: id }, 'a customer import failed'));
    }
  }

  let timer: NodeJS.Timeout | null = null;
  /** Imports started on this instance, so a test (or a shutdown) can wait for them. */
  const running = new Set<Promise<void>>();

  return {
    async search(member: Member, q: string, paging: Paging): Promise<CompanySearchPage> {
      const { rows, total, capped } = await companies.search(q, paging);
      const links = await customersOfCompanies(
        db,
        member.ownerId,
        rows.map((r) => r.id),
      );
      return {
        list: rows.map((r) => toCompanySearchItem(r, links.get(r.id) ?? null)),
        total,
        capped,
        page: paging.page,
        size: paging.size,
      };
    },

    quota,

    async add(member: Member, companyIds: readonly number[]): Promise<AddCustomersAnswer> {
      const rows = await companies.byIds(companyIds);
      if (rows.length !== companyIds.length) throw errors.badRequest(MSG.registryCompanyInvalid);
      const limit = customerLimit(member.level);
      const outcome = await addCompanies(db, member.ownerId, rows, limit, now().toISOString());
      return {
        added: outcome.added,
        already: outcome.already,
        over_limit: outcome.overLimit,
        count: outcome.count,
        limit,
      };
    },

    async remove(member: Member, ids: readonly number[]): Promise<{ removed: number }> {
      const own = await ownIds(member, ids);
      return { removed: await removeCustomers(db, own) };
    },

    async tags(member: Member): Promise<CustomerTag[]> {
      return memberTags(db, member.ownerId);
    },

    /** The tags of these customers of the member (the list's and the detail's). */
    tagsOf(ids: readonly number[]): Promise<Map<number, string[]>> {
      return tagsOf(db, ids);
    },

    /** The member's customers carrying `tag` (the list's tag filter). */
    tagged(member: Member, tag: string): Promise<Set<number>> {
      return customersTagged(db, member.ownerId, tag);
    },

    async setTags(member: Member, id: number, tags: readonly string[]): Promise<{ tags: string[] }> {
      const row = await ownCustomer(member, id, 'customer.write');
      const sorted = [...tags].sort();
      const outcome = await replaceTags(
        db,
        member.ownerId,
        row.id,
        sorted,
        TAG_LIMITS.perMember,
        now().toISOString(),
      );
      if (outcome === 'gone') throw errors.notFound();
      if (outcome === 'too_many') throw errors.badRequest(MSG.tagsPerMemberTooMany);
      return { tags: sorted };
    },

    async notes(member: Member, id: number): Promise<CustomerNote[]> {
      const row = await ownCustomer(member, id, 'customer.read');
      return (await notesOf(db, row.id, NOTES_PER_CUSTOMER_MAX)).map(toNote);
    },

    async addNote(
      member: Member,
      author: { id: number; name: string },
      id: number,
      input: { content: string; noted_on?: string | undefined },
    ): Promise<CustomerNote> {
      const row = await ownCustomer(member, id, 'customer.write');
      const at = now();
      const today = shanghaiDate(at.toISOString());
      const notedOn = input.noted_on ?? today;
      if (notedOn > today) throw errors.badRequest(MSG.noteDateInvalid);
      if ((await countNotes(db, row.id)) >= NOTES_PER_CUSTOMER_MAX) throw errors.badRequest(MSG.notesTooMany);
      return toNote(
        await insertNote(db, {
          user_id: member.ownerId,
          customer_id: row.id,
          author_id: author.id,
          author: author.name,
          content: input.content,
          noted_on: notedOn,
          created_at: at.toISOString(),
        }),
      );
    },

    async deleteNote(member: Member, id: number, noteId: number): Promise<void> {
      const row = await ownCustomer(member, id, 'customer.write');
      if (!(await deleteNote(db, row.id, noteId))) throw errors.notFound();
    },

    /** Records an import of the file's texts for the member and starts it on this instance. */
    async startImport(member: Member, fileName: string, texts: readonly string[]): Promise<ImportJob> {
      if (texts.length === 0) throw errors.badRequest(MSG.importEmpty);
      if (texts.length > IMPORT_ROWS_MAX) throw errors.badRequest(MSG.importTooManyRows);
      const job = await insertImport(db, {
        user_id: member.ownerId,
        created_by: member.accountId,
        file_name: fileName,
        total: texts.length,
        customer_limit: customerLimit(member.level),
        input: JSON.stringify(texts),
        created_at: now().toISOString(),
      });
      const run = runImport(job.id)
        .catch((err: unknown) => log.warn({ err, import: job.id }, 'a customer import failed'))
        .finally(() => running.delete(run));
      running.add(run);
      return toImportJob(job);
    },

    async importJob(member: Member, id: number): Promise<ImportJob> {
      const job = authorize(memberPrincipal(member), 'customerImport.read', await findImport(db, id));
      return toImportJob(job);
    },

    /** The finished import's rows, each with its outcome and the company it named. */
    async importResult(member: Member, id: number): Promise<{ job: ImportJob; rows: ImportResultRow[] }> {
      const job = authorize(memberPrincipal(member), 'customerImport.read', await findImport(db, id));
      if (job.status !== 'done') throw errors.badRequest(MSG.importNotFinished);
      const input = parseJson(job.input, inputSchema) ?? [];
      const results = parseJson(job.results, resultsSchema) ?? [];
      const named = await companies.byIds([
        ...new Set(results.flatMap(([, companyId]) => (companyId === null ? [] : [companyId]))),
      ]);
      const byId = new Map(named.map((c) => [c.id, c]));
      return {
        job: toImportJob(job),
        rows: results.map(([outcome, companyId], i) => ({
          line: i + 2,
          text: input[i] ?? '',
          outcome,
          company: companyId === null ? undefined : byId.get(companyId),
        })),
      };
    },

    /** Waits for the imports this instance started (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.all([...running]);
    },

    runImports,

    start(): void {
      if (timer) return;
      timer = setInterval(() => {
        runImports().catch((err: unknown) => log.warn({ err }, 'customer imports failed'));
      }, IMPORT_POLL_MS);
      timer.unref();
    },

    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

class LostLease extends Error {}

export type CustomerBook = ReturnType<typeof createCustomerBook>;
