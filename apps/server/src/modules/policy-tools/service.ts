// The policy tools: the 高企 score, the 梯度 evaluation and policy matching of one company (a customer of the member, or
// a company typed in), from what the platform knows and the member's answers, saved per customer.
import {
  type AssessmentSubject,
  type CompanyFacts,
  type CompanyFactsResult,
  type CustomerFacts,
  type CustomerItem,
  cityOfArea,
  companyFactsSchema,
  emptyFacts,
  evaluateHightech,
  evaluateSme,
  type HeldQualifications,
  type HtsScoreResult,
  htsComplete,
  type MatchLevel,
  matchPolicy,
  matchRank,
  mergeFacts,
  type OpenPolicyItem,
  POLICY_MATCH_LIMIT,
  type PolicyConditions,
  type PolicyCustomerMatch,
  type PolicyCustomersResult,
  type PolicyMatchItem,
  type PolicyMatchResult,
  parseJson,
  policyConditionsSchema,
  type SmeEvaluationResult,
  shanghaiDate,
  smeComplete,
  type ToolCode,
  type UseCost,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { createCache } from '../../lib/cache.js';
import { offsetOf, type Paging, pageOf } from '../../lib/paging.js';
import type { Member } from '../../plugins/auth.js';
import type { CustomersService } from '../customers/service.js';
import { createCustomerMatcher } from './customer-match.js';
import {
  deleteCompanyAssessment,
  findCompanyAssessment,
  type OpenItemRow,
  openItems,
  type ProgrammeRow,
  programmes,
  saveCompanyAssessment,
} from './repo.js';

/** How long the open items and the programmes are reused (ms), and for how many cities at most. */
const CACHE_MS = 30_000;
const CACHE_CITIES = 500;

/** Items the policy picker lists at most. */
const OPEN_ITEM_LIMIT = 20;
/** Customers read at a time for an export. */
const EXPORT_BATCH = 500;

/** Whom to assess: a customer id, or a typed company name. */
export interface AssessmentInput {
  customer_id?: number;
  company_name?: string;
  answers?: Partial<CompanyFacts>;
  /** Save the answers for the customer or the typed company (default true). */
  save?: boolean;
}

/**
 * Takes the credit an evaluation costs a member whose level lacks the tool (the tools module's ledger); a result that
 * is not complete (资料待补充) is free.
 */
export interface UsePayer {
  payForUse(
    payer: { ownerId: number; level: number },
    tool: ToolCode,
    requestId: string,
    complete: boolean,
  ): Promise<UseCost>;
}

interface PolicyToolsDeps {
  db: Db;
  credits: UsePayer;
  customers: Pick<
    CustomersService,
    'facts' | 'saveFacts' | 'clearFacts' | 'qualificationsOf' | 'snapshot' | 'itemsByIds'
  >;
  now: () => Date;
}

/** Drops unanswered fields so saved answers never overwrite the platform's prefill with nothing. */
function answered(answers: Partial<CompanyFacts> | undefined): Partial<CompanyFacts> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answers ?? {}))
    if (value !== null && value !== undefined) out[key] = value;
  return out as Partial<CompanyFacts>;
}

export function createPolicyToolsService({ db, customers, credits, now }: PolicyToolsDeps) {
  interface Resolved {
    subject: AssessmentSubject;
    customer: CustomerItem | null;
    facts: CompanyFacts;
  }

  /** The facts of the subject: the customer's prefill and saved answers, then this request's answers over them. */
  async function resolve(member: Member, input: AssessmentInput): Promise<Resolved> {
    const given = answered(input.answers);
    if (input.customer_id !== undefined) {
      const known: CustomerFacts = await customers.facts(member, input.customer_id);
      if (input.save !== false && Object.keys(given).length > 0) {
        // The next visit starts from the last answers: the saved ones with this request's on top.
        // Only what differs from the platform's own data is kept, so a later change of that data still shows.
        const merged = mergeFacts(known.facts, given);
        const own = Object.fromEntries(
          Object.entries(merged).filter(
            ([key, value]) =>
              JSON.stringify(value) !== JSON.stringify(known.prefill[key as keyof CompanyFacts]),
          ),
        ) as Partial<CompanyFacts>;
        await customers.saveFacts(member, input.customer_id, own);
      }
      return {
        subject: { customer_id: known.customer.id, cus_name: known.customer.cus_name },
        customer: known.customer,
        facts: mergeFacts(known.facts, given),
      };
    }
    // A typed company: its saved answers (per member and name) are all that is known of it.
    const name = input.company_name ?? '';
    const saved = await companyFactsOf(member, name);
    const facts = mergeFacts(saved.facts, given);
    if (input.save !== false && Object.keys(given).length > 0) {
      await saveCompanyAssessment(
        db,
        member.ownerId,
        name,
        JSON.stringify(answered(facts)),
        now().toISOString(),
      );
    }
    return { subject: { customer_id: null, cus_name: name }, customer: null, facts };
  }

  /** The answers saved for a typed company name over blank facts. */
  async function companyFactsOf(member: Member, name: string): Promise<CompanyFactsResult> {
    const text = await findCompanyAssessment(db, member.ownerId, name);
    return {
      company_name: name,
      saved: text !== null,
      facts: mergeFacts(emptyFacts(), parseJson(text, companyFactsSchema) ?? {}),
    };
  }

  const asOf = () => shanghaiDate(now());

  /**
   * The open items of a city and the programmes' conditions change by the day, and every match reads all of them:
   * both are kept for CACHE_MS (a deadline passing shows at most that late).
   */
  const itemCache = createCache<string, OpenItemRow[], string | null>({
    now,
    max: CACHE_CITIES,
    ttlMs: CACHE_MS,
    load: (_key, cityCode) => openItems(db, cityCode, now().toISOString()),
  });
  const programmeCache = createCache<'all', ProgrammeRow[]>({
    now,
    max: 1,
    ttlMs: CACHE_MS,
    load: () => programmes(db),
  });
  // Every city's items under '*' (no city code is '*'; '' is a city code the members' data may hold).
  const openItemsOf = (cityCode: string | null) => itemCache.fetch(cityCode ?? '*', cityCode);
  const programmesOf = () => programmeCache.fetch('all', undefined);

  /** The programmes with their parsed conditions, and the one a policy item's title names. */
  async function programmeIndex() {
    const rows = await programmesOf();
    const parsed = new Map(
      rows.map((p) => [p.title_keyword, parseJson(p.conditions, policyConditionsSchema) ?? {}]),
    );
    return (title: string) => {
      const programme = rows.find((p) => title.includes(p.title_keyword));
      return {
        programme: programme ?? null,
        conditions: programme ? (parsed.get(programme.title_keyword) ?? {}) : {},
      };
    };
  }

  const matcher = createCustomerMatcher({ customers, now });

  /** An open item (any city) with its programme's conditions; a closed or unknown one is refused. */
  async function openItem(id: number) {
    const [items, programmeOf] = await Promise.all([openItemsOf(null), programmeIndex()]);
    const item = items.find((i) => i.id === id);
    if (!item) throw errors.policyItemNotOpen();
    const { programme, conditions } = programmeOf(item.title);
    const listed: OpenPolicyItem = {
      id: item.id,
      title: item.title,
      dept_name: item.dept_name,
      end_time: item.end_time,
      programme: programme?.name ?? null,
    };
    return { item, listed, conditions };
  }

  /** The member's customers matching an open item, filtered to one level, ids of `offset` to `offset + limit`. */
  async function customerMatches(member: Member, id: number, level: MatchLevel | undefined) {
    const { item, listed, conditions } = await openItem(id);
    const day = asOf();
    const { list, explain } = await matcher.match(
      member,
      {
        id: item.id,
        scope: { city_code: item.city_code, area_code: item.area_code, industry_code: item.industry_code },
        conditions,
      },
      day,
    );
    const full = list.counts.完全匹配;
    const [from, to] =
      level === '完全匹配'
        ? [0, full]
        : level === '部分匹配'
          ? [full, list.ids.length]
          : [0, list.ids.length];
    /** The rows of these ids with their outcome. */
    async function rows(ids: number[]): Promise<PolicyCustomerMatch[]> {
      const items = await customers.itemsByIds(member, ids);
      return items.flatMap((customer) => {
        const outcome = explain(customer.id);
        return outcome ? [{ customer, ...outcome }] : [];
      });
    }
    return { listed, day, counts: list.counts, ids: list.ids.subarray(from, to), rows };
  }

  async function match(member: Member, input: AssessmentInput): Promise<Omit<PolicyMatchResult, 'cost'>> {
    const { subject, customer, facts } = await resolve(member, input);
    const cityCode =
      customer?.city_code ??
      (facts.area_code ? (cityOfArea(facts.area_code)?.citycode ?? null) : member.cityCode);
    const held: HeldQualifications = {
      hightech: facts.is_hightech,
      ...(customer ? await customers.qualificationsOf(member, customer.id) : {}),
    };
    const [items, programmeOf] = await Promise.all([openItemsOf(cityCode), programmeIndex()]);
    const day = asOf();
    const counts: Record<MatchLevel, number> = { 完全匹配: 0, 部分匹配: 0, 不匹配: 0 };
    const matched: (PolicyMatchItem & { rank: number })[] = [];
    for (const item of items) {
      const { programme, conditions } = programmeOf(item.title);
      const outcome = matchPolicy(item, conditions, {
        facts,
        city_code: cityCode,
        held,
        asOf: day,
      });
      counts[outcome.level] += 1;
      if (outcome.level === '不匹配') continue;
      matched.push({
        id: item.id,
        title: item.title,
        dept_name: item.dept_name,
        publish_time: item.publish_time,
        end_time: item.end_time,
        programme: programme?.name ?? null,
        ...outcome,
        rank: matchRank(outcome),
      });
    }
    matched.sort((a, b) => a.rank - b.rank || a.end_time.localeCompare(b.end_time) || a.id - b.id);
    return {
      subject,
      as_of: day,
      counts,
      items: matched.slice(0, POLICY_MATCH_LIMIT).map(({ rank: _rank, ...rest }) => rest),
    };
  }

  return {
    /** The programme a policy item's title names, with its conditions (政策详情), or null. */
    async programmeOf(title: string): Promise<{ name: string; conditions: PolicyConditions } | null> {
      const { programme, conditions } = (await programmeIndex())(title);
      return programme ? { name: programme.name, conditions } : null;
    },

    facts: (member: Member, customerId: number): Promise<CustomerFacts> =>
      customers.facts(member, customerId),

    /**
     * `requestId`: the evaluation's id; a member below the tool's level pays one credit per id for a complete result
     * (one waiting for answers, 资料待补充, is free).
     */
    async htsScore(member: Member, input: AssessmentInput, requestId: string): Promise<HtsScoreResult> {
      const { subject, facts } = await resolve(member, input);
      const day = asOf();
      const evaluation = evaluateHightech(facts, day);
      const cost = await credits.payForUse(member, 'hts_score', requestId, htsComplete(evaluation));
      return { subject, as_of: day, facts, evaluation, cost };
    },

    async smeEvaluation(
      member: Member,
      input: AssessmentInput,
      requestId: string,
    ): Promise<SmeEvaluationResult> {
      const { subject, facts } = await resolve(member, input);
      const evaluation = evaluateSme(facts);
      const cost = await credits.payForUse(member, 'sme_evaluation', requestId, smeComplete(evaluation));
      return { subject, as_of: asOf(), facts, evaluation, cost };
    },

    /** 快速匹配: only what the platform knows (no answers taken, nothing saved). */
    async matchFast(
      member: Member,
      input: Pick<AssessmentInput, 'customer_id' | 'company_name'>,
    ): Promise<PolicyMatchResult> {
      const result = await match(member, { ...input, answers: undefined, save: false });
      return { ...result, cost: 'none' };
    },

    /**
     * 精准匹配: the questionnaire's answers over what the platform knows. Its list is complete whatever was answered:
     * each item's level is decided, its open conditions listed as 待确认.
     */
    async matchExact(member: Member, input: AssessmentInput, requestId: string): Promise<PolicyMatchResult> {
      const result = await match(member, input);
      return { ...result, cost: await credits.payForUse(member, 'match_exact', requestId, true) };
    },

    /** The 精准匹配 list of a customer for its export: what the member evaluated, not charged again. */
    matchForExport: (member: Member, customerId: number) =>
      match(member, { customer_id: customerId, save: false }),

    /** The answers saved for a typed company name (blank facts when none). */
    companyFacts: companyFactsOf,

    /** Deletes the answers saved for the member's customer (403 for another member's) or a typed company name. */
    async clearFacts(member: Member, subject: Pick<AssessmentInput, 'customer_id' | 'company_name'>) {
      if (subject.customer_id !== undefined) await customers.clearFacts(member, subject.customer_id);
      else await deleteCompanyAssessment(db, member.ownerId, subject.company_name ?? '');
    },

    /** Open items (any city) whose title contains the text, nearest deadline first (the policy picker). */
    async openItemList(text: string): Promise<OpenPolicyItem[]> {
      const [items, programmeOf] = await Promise.all([openItemsOf(null), programmeIndex()]);
      return items
        .filter((i) => i.title.includes(text))
        .sort((a, b) => a.end_time.localeCompare(b.end_time) || a.id - b.id)
        .slice(0, OPEN_ITEM_LIMIT)
        .map((i) => ({
          id: i.id,
          title: i.title,
          dept_name: i.dept_name,
          end_time: i.end_time,
          programme: programmeOf(i.title).programme?.name ?? null,
        }));
    },

    /** 按政策找客户: one page of the member's customers matching an open item, with the totals per level. */
    async matchCustomers(
      member: Member,
      query: { id: number; status?: MatchLevel },
      paging: Paging,
    ): Promise<PolicyCustomersResult> {
      const found = await customerMatches(member, query.id, query.status);
      const offset = offsetOf(paging);
      const ids = Array.from(found.ids.subarray(offset, offset + paging.size));
      return {
        item: found.listed,
        as_of: found.day,
        counts: found.counts,
        ...pageOf(await found.rows(ids), found.ids.length, paging),
      };
    },

    /** Every customer of the same list for the export, read a batch at a time as the file is written. */
    async exportMatchCustomers(member: Member, query: { id: number; status?: MatchLevel }) {
      const found = await customerMatches(member, query.id, query.status);
      async function* rows(): AsyncGenerator<PolicyCustomerMatch> {
        for (let start = 0; start < found.ids.length; start += EXPORT_BATCH) {
          yield* await found.rows(Array.from(found.ids.subarray(start, start + EXPORT_BATCH)));
        }
      }
      return { item: found.listed, rows: rows() };
    },
  };
}

export type PolicyToolsService = ReturnType<typeof createPolicyToolsService>;
