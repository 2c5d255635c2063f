// HTTP for the policy tools: the customer picker, a customer's facts, the 高企 score, the 梯度 evaluation, policy
// matching (fast and exact) and its export. The VIP tools answer 403 below level 20, as the menu grants them, unless
// the member holds usage credits of the tool: then each evaluation takes one.
import { randomUUID } from 'node:crypto';
import {
  CREDIT_TOOLS,
  CUSTOMER_MATCH_LEVELS,
  companyFactsResultSchema,
  companyFactsSchema,
  customerFactsSchema,
  customerItemSchema,
  idField as dbIdField,
  htsScoreResultSchema,
  MSG,
  openItemSchema,
  POLICY_TOOLS_API,
  type PolicyCustomerMatch,
  type PolicyMatchItem,
  policyCustomersResultSchema,
  policyMatchResultSchema,
  smeEvaluationResultSchema,
  type ToolCode,
  textField,
} from '@uc/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../errors.js';
import { pagingQuery } from '../../lib/paging.js';
import { dataAt, routeAt } from '../../lib/routes.js';
import { sendXlsx } from '../../lib/xlsx.js';
import { type Member, memberOf } from '../../plugins/auth.js';
import type { CustomersService } from '../customers/service.js';

import type { PolicyToolsService } from './service.js';

const idField = dbIdField(MSG.customerInvalid);
const SEARCH_LIMIT = 20;

/** Company names: 2 to 50 characters (registered names are rarely longer). */
const companyName = textField(50, {
  error: MSG.policyCompanyNameInvalid,
  tooLong: MSG.policyCompanyNameInvalid,
})
  .trim()
  .refine((v) => v.length >= 2, MSG.policyCompanyNameInvalid);

const subjectFields = { customer_id: idField.optional(), company_name: companyName.optional() };
const hasSubject = (b: { customer_id?: number; company_name?: string }) =>
  b.customer_id !== undefined || b.company_name !== undefined;

const subjectBody = z
  .object(subjectFields, { error: MSG.policySubjectRequired })
  .refine(hasSubject, { message: MSG.policySubjectRequired, path: ['customer_id'] });

const assessmentBody = z
  .object(
    {
      ...subjectFields,
      answers: companyFactsSchema.optional(),
      save: z.boolean({ error: MSG.policyChoiceInvalid }).optional(),
    },
    { error: MSG.policySubjectRequired },
  )
  .refine(hasSubject, { message: MSG.policySubjectRequired, path: ['customer_id'] });

const customerQuery = z.object({ id: idField });
const searchQuery = z.object({ q: textField(50).trim().optional() });
const companyQuery = z.object({ name: companyName });

/** One open policy item, and optionally one level of its matching customers. */
const itemQuery = z.object({
  id: dbIdField(MSG.policyItemInvalid),
  status: z.enum(CUSTOMER_MATCH_LEVELS, { error: MSG.policyMatchStatusInvalid }).optional(),
});
const matchCustomersQuery = itemQuery.extend(pagingQuery.shape);

const MATCH_COLUMNS = [
  { header: '匹配结果', width: 10, value: (r: PolicyMatchItem) => r.level },
  { header: '政策项目', width: 48, value: (r: PolicyMatchItem) => r.title },
  { header: '发布部门', width: 24, value: (r: PolicyMatchItem) => r.dept_name },
  { header: '申报截止', width: 12, value: (r: PolicyMatchItem) => r.end_time.slice(0, 10) },
  { header: '已满足条件', width: 40, value: (r: PolicyMatchItem) => r.met.map((c) => c.name).join('；') },
  {
    header: '未满足条件',
    width: 40,
    value: (r: PolicyMatchItem) => r.missing.map((c) => `${c.name}（${c.detail}）`).join('；'),
  },
  { header: '待确认条件', width: 40, value: (r: PolicyMatchItem) => r.unknown.map((c) => c.name).join('；') },
] as const;

const CUSTOMER_MATCH_COLUMNS = [
  { header: '匹配结果', width: 10, value: (r: PolicyCustomerMatch) => r.level },
  { header: '客户名称', width: 36, value: (r: PolicyCustomerMatch) => r.customer.cus_name },
  { header: '所在地区', width: 16, value: (r: PolicyCustomerMatch) => r.customer.area_name },
  { header: '依据', width: 12, value: (r: PolicyCustomerMatch) => (r.answered ? '已保存答案' : '平台数据') },
  { header: '已满足条件', width: 40, value: (r: PolicyCustomerMatch) => r.met.map((c) => c.name).join('；') },
  {
    header: '未满足条件',
    width: 40,
    value: (r: PolicyCustomerMatch) => r.missing.map((c) => `${c.name}（${c.detail}）`).join('；'),
  },
  {
    header: '待确认条件',
    width: 40,
    value: (r: PolicyCustomerMatch) => r.unknown.map((c) => c.name).join('；'),
  },
] as const;

/** Letters, digits, - and _: a UUID or any client's idempotency key. */
const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The evaluation's id: the Idempotency-Key header (the web app sends one per submitted questionnaire, kept across its
 * retries); without one, a fresh id (each call its own evaluation).
 */
function requestIdOf(request: FastifyRequest): string {
  const given = request.headers['idempotency-key'];
  if (given === undefined) return randomUUID();
  if (typeof given !== 'string' || !REQUEST_ID.test(given)) throw errors.badRequest(MSG.requestIdInvalid);
  return given;
}

export const policyToolsRoutes: FastifyPluginAsyncZod<{
  policyTools: PolicyToolsService;
  customers: Pick<CustomersService, 'search'>;
}> = async (app, { policyTools, customers }) => {
  const config = { auth: true };
  // The VIP tools (the menu grants them from level 20).
  const vip = { access: 'vip' } as const;
  /** The questionnaire's calls: VIP, or credits of one of the evaluations that use it. */
  const questionnaire = { access: 'vip', credits: CREDIT_TOOLS } as const;
  const creditsOf = (tool: ToolCode) => ({ access: 'vip', credits: [tool] }) as const;
  const tags = ['policy-tools'];

  dataAt(
    app,
    'GET',
    [POLICY_TOOLS_API.customerSearch],
    {
      config,
      tags,
      summary: '政策工具：按名称查找我的客户',
      querystring: searchQuery,
      data: z.array(customerItemSchema),
    },
    (request) => customers.search(memberOf(request), request.query.q ?? '', SEARCH_LIMIT),
  );

  dataAt(
    app,
    'GET',
    [POLICY_TOOLS_API.facts],
    {
      config: questionnaire,
      tags,
      summary: '客户评测资料（平台数据与已保存的问卷）',
      querystring: customerQuery,
      data: customerFactsSchema,
    },
    (request) => policyTools.facts(memberOf(request), request.query.id),
  );

  /**
   * An assessment of the body's subject (a customer or a typed company) with the answers it brings: VIP, or one
   * credit of the tool per request (the Idempotency-Key header names it, so a retry is charged once).
   */
  const assessment = <D extends z.ZodType>(
    url: string,
    tool: ToolCode,
    summary: string,
    data: D,
    assess: (
      member: Member,
      input: z.output<typeof assessmentBody>,
      requestId: string,
    ) => Promise<z.input<D>>,
  ) =>
    dataAt(
      app,
      'POST',
      [url],
      { config: creditsOf(tool), tags, summary, body: assessmentBody, data },
      (request) => assess(memberOf(request), request.body, requestIdOf(request)),
    );

  assessment(POLICY_TOOLS_API.htsScore, 'hts_score', '高企评分', htsScoreResultSchema, (member, input, id) =>
    policyTools.htsScore(member, input, id),
  );

  assessment(
    POLICY_TOOLS_API.smeEvaluation,
    'sme_evaluation',
    '专精特新评测（创新型、专精特新、小巨人）',
    smeEvaluationResultSchema,
    (member, input, id) => policyTools.smeEvaluation(member, input, id),
  );

  dataAt(
    app,
    'POST',
    [POLICY_TOOLS_API.matchFast],
    { config, tags, summary: '政策快速匹配', body: subjectBody, data: policyMatchResultSchema },
    (request) => policyTools.matchFast(memberOf(request), request.body),
  );

  assessment(
    POLICY_TOOLS_API.matchExact,
    'match_exact',
    '政策精准匹配',
    policyMatchResultSchema,
    (member, input, id) => policyTools.matchExact(member, input, id),
  );

  routeAt(
    app,
    'GET',
    [POLICY_TOOLS_API.matchExport],
    {
      config: creditsOf('match_exact'),
      schema: { tags, summary: '导出精准匹配结果（.xlsx）', querystring: customerQuery },
    },
    async (request, reply) => {
      const result = await policyTools.matchForExport(memberOf(request), request.query.id);
      async function* rows() {
        yield* result.items;
      }
      return sendXlsx(reply, {
        name: `政策匹配-${result.subject.cus_name}`,
        at: new Date(),
        sheet: '政策匹配',
        columns: MATCH_COLUMNS,
        rows: rows(),
      });
    },
  );

  dataAt(
    app,
    'GET',
    [POLICY_TOOLS_API.companyFacts],
    {
      config: questionnaire,
      tags,
      summary: '输入企业名称的已保存问卷',
      querystring: companyQuery,
      data: companyFactsResultSchema,
    },
    (request) => policyTools.companyFacts(memberOf(request), request.query.name),
  );

  dataAt(
    app,
    'POST',
    [POLICY_TOOLS_API.clearFacts],
    {
      config: questionnaire,
      tags,
      summary: '清空已保存的答案（客户或输入的企业名称）',
      body: subjectBody,
      data: z.object({ message: z.string() }),
    },
    async (request) => {
      await policyTools.clearFacts(memberOf(request), request.body);
      return { message: MSG.policyAnswersCleared };
    },
  );

  dataAt(
    app,
    'GET',
    [POLICY_TOOLS_API.openItems],
    {
      config: vip,
      tags,
      summary: '申报中的政策项目（按标题查找）',
      querystring: searchQuery,
      data: z.array(openItemSchema),
    },
    (request) => policyTools.openItemList(request.query.q ?? ''),
  );

  dataAt(
    app,
    'GET',
    [POLICY_TOOLS_API.matchCustomers],
    {
      config: vip,
      tags,
      summary: '按政策找客户：匹配一个申报项目的我的客户',
      querystring: matchCustomersQuery,
      data: policyCustomersResultSchema,
    },
    async (request) => {
      const { page, size, ...query } = request.query;
      return policyTools.matchCustomers(memberOf(request), query, { page, size });
    },
  );

  routeAt(
    app,
    'GET',
    [POLICY_TOOLS_API.matchCustomersExport],
    { config: vip, schema: { tags, summary: '导出按政策找客户的结果（.xlsx）', querystring: itemQuery } },
    async (request, reply) => {
      const { item, rows } = await policyTools.exportMatchCustomers(memberOf(request), request.query);
      return sendXlsx(reply, {
        name: `政策客户匹配-${item.id}`,
        at: new Date(),
        sheet: '匹配客户',
        columns: CUSTOMER_MATCH_COLUMNS,
        rows,
      });
    },
  );
};
