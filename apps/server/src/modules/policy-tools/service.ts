// The policy tools: the 高企 score, the 梯度 evaluation and policy matching of one company (a customer of the member, or
// a company typed in), from what the platform knows and the member's answers, saved per customer.
import {
  type AssessmentSubject,
  type CompanyFacts,
  type CustomerFacts,
  type CustomerItem,
  cityOfArea,
  emptyFacts,
  evaluateHightech,
  evaluateSme,
  type HeldQualifications,
  type HtsScoreResult,
  type MatchLevel,
  matchPolicy,
  matchRank,
  mergeFacts,
  POLICY_MATCH_LIMIT,
  type PolicyConditions,
  type PolicyMatchItem,
  type PolicyMatchResult,
  type SmeEvaluationResult,
  shanghaiDate,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import type { CustomersService } from '../customers/service.js';
import type { Member } from '../member/scope.js';
import { type OpenItemRow, openItems, type ProgrammeRow, programmes } from './repo.js';

/** How long the open items and the programmes are reused (ms), and for how many cities at most. */
const CACHE_MS = 30_000;
const CACHE_CITIES = 500;

/** Whom to assess: a customer id, or a typed company name. */
export interface AssessmentInput {
  customer_id?: number;
  company_name?: string;
  answers?: Partial<CompanyFacts>;
  /** Save the answers for the customer (default true when a customer is named). */
  save?: boolean;
}

interface PolicyToolsDeps {
  db: Db;
  customers: Pick<CustomersService, 'facts' | 'saveFacts' | 'qualificationsOf'>;
  now: () => Date;
}

/** Drops unanswered fields so saved answers never overwrite the platform's prefill with nothing. */
function answered(answers: Partial<CompanyFacts> | undefined): Partial<CompanyFacts> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answers ?? {}))
    if (value !== null && value !== undefined) out[key] = value;
  return out as Partial<CompanyFacts>;
}

function parseConditions(text: string): PolicyConditions {
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as PolicyConditions) : {};
  } catch {
    return {};
  }
}

export function createPolicyToolsService({ db, customers, now }: PolicyToolsDeps) {
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
    return {
      subject: { customer_id: null, cus_name: input.company_name ?? '' },
      customer: null,
      facts: mergeFacts(emptyFacts(), given),
    };
  }

  const asOf = () => shanghaiDate(now());

  /**
   * The open items of a city and the programmes' conditions change by the day, and every match reads all of them:
   * both are kept for CACHE_MS (a deadline passing shows at most that late).
   */
  const itemCache = new Map<string, { until: number; rows: Promise<OpenItemRow[]> }>();
  let programmeCache: { until: number; rows: Promise<ProgrammeRow[]> } | null = null;
  function openItemsOf(cityCode: string | null): Promise<OpenItemRow[]> {
    const at = now();
    const key = cityCode ?? '';
    const hit = itemCache.get(key);
    if (hit && hit.until > at.getTime()) return hit.rows;
    const rows = openItems(db, cityCode, at.toISOString());
    rows.catch(() => itemCache.delete(key));
    if (itemCache.size >= CACHE_CITIES) itemCache.clear();
    itemCache.set(key, { until: at.getTime() + CACHE_MS, rows });
    return rows;
  }
  function programmesOf(): Promise<ProgrammeRow[]> {
    const at = now().getTime();
    if (programmeCache && programmeCache.until > at) return programmeCache.rows;
    const rows = programmes(db);
    rows.catch(() => {
      programmeCache = null;
    });
    programmeCache = { until: at + CACHE_MS, rows };
    return rows;
  }

  async function match(member: Member, input: AssessmentInput): Promise<PolicyMatchResult> {
    const { subject, customer, facts } = await resolve(member, input);
    const cityCode =
      customer?.city_code ??
      (facts.area_code ? (cityOfArea(facts.area_code)?.citycode ?? null) : member.cityCode);
    const held: HeldQualifications = {
      hightech: facts.is_hightech,
      ...(customer ? await customers.qualificationsOf(member, customer.id) : {}),
    };
    const [items, programmeRows] = await Promise.all([openItemsOf(cityCode), programmesOf()]);
    const day = asOf();
    const programmeOf = (title: string): ProgrammeRow | undefined =>
      programmeRows.find((p) => title.includes(p.title_keyword));
    const parsed = new Map(programmeRows.map((p) => [p.title_keyword, parseConditions(p.conditions)]));
    const counts: Record<MatchLevel, number> = { 完全匹配: 0, 部分匹配: 0, 不匹配: 0 };
    const matched: (PolicyMatchItem & { rank: number })[] = [];
    for (const item of items) {
      const programme = programmeOf(item.title);
      const outcome = matchPolicy(item, programme ? (parsed.get(programme.title_keyword) ?? {}) : {}, {
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
    facts: (member: Member, customerId: number): Promise<CustomerFacts> =>
      customers.facts(member, customerId),

    async htsScore(member: Member, input: AssessmentInput): Promise<HtsScoreResult> {
      const { subject, facts } = await resolve(member, input);
      const day = asOf();
      return { subject, as_of: day, facts, evaluation: evaluateHightech(facts, day) };
    },

    async smeEvaluation(member: Member, input: AssessmentInput): Promise<SmeEvaluationResult> {
      const { subject, facts } = await resolve(member, input);
      return { subject, as_of: asOf(), facts, evaluation: evaluateSme(facts) };
    },

    /** 快速匹配: only what the platform knows (no answers taken, nothing saved). */
    matchFast: (member: Member, input: Pick<AssessmentInput, 'customer_id' | 'company_name'>) =>
      match(member, { ...input, answers: undefined, save: false }),

    /** 精准匹配: the questionnaire's answers over what the platform knows. */
    matchExact: match,
  };
}

export type PolicyToolsService = ReturnType<typeof createPolicyToolsService>;
