// HTTP for the member's customers: the list, one customer (data, IP, grade, everything), the IP totals, the member's
// company and the public notices naming its customers; each meaning mounted at every docs/requirements.md §7 path sharing it.
import {
  CUSTOMER_EXPORT_API,
  CUSTOMER_KEYWORD_MAX,
  CUSTOMER_LIST_TYPES,
  CUSTOMER_SORTS,
  type CustomerSort,
  cityOfArea,
  companyInfoSchema,
  customerDetailSchema,
  customerItemSchema,
  idField as dbIdField,
  HOME_API,
  HOME_STATS_API,
  htsGradeSchema,
  INDUSTRY_CODES_MAX,
  ipInfoSchema,
  MSG,
  publicityItemSchema,
  SORT_ORDERS,
  tagField,
  textField,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerReads } from '../../lib/caller-reads.js';
import { codeField } from '../../lib/fields.js';
import { pageField, pageSchema, sizeField, sizeQuery } from '../../lib/paging.js';
import { dataAt, routeAt } from '../../lib/routes.js';
import { sendXlsx } from '../../lib/xlsx.js';
import { type Member, memberOf } from '../../plugins/auth.js';
import { INDUSTRY_CODES } from './aggregate.js';
import { CUSTOMER_COLUMNS } from './presenter.js';
import type { CustomerOrder } from './repo.js';
import { areaFilter, type CustomersService } from './service.js';

/** Every path of each call (docs/requirements.md §7). */
export const CUSTOMER_PATHS = {
  customers: [HOME_API.customers, HOME_STATS_API.customers],
  cusData: [HOME_API.cusData],
  cusAllInfo: [HOME_API.cusAllInfo, HOME_STATS_API.fenxiData],
  customerPatents: [HOME_STATS_API.patentByCustomer],
  patents: [HOME_API.patents],
  grade: [HOME_API.grade],
  companyInfo: [HOME_API.companyInfo],
  publicity: [HOME_API.publicity],
  /** Not in docs/requirements.md §7: the list's .xlsx export beside it (docs/decisions.md). */
  export: [CUSTOMER_EXPORT_API],
} as const;

const idField = dbIdField(MSG.customerInvalid);
/** One industry section (a letter), then the comma-separated list of at most INDUSTRY_CODES_MAX of them. */
const industryCodeField = codeField((code) => INDUSTRY_CODES.has(code), MSG.industryInvalid);
const industryListText = textField(INDUSTRY_CODES_MAX * 8, {
  error: MSG.industryInvalid,
  tooLong: MSG.industryCodesTooMany,
});

/** The customer of a per-customer call: `id`, or `customerId` as GetPatentBycustomerId names it. */
const customerQuery = z
  .object({ id: idField.optional(), customerId: idField.optional() })
  .refine((q) => (q.id ?? q.customerId) !== undefined, { message: MSG.customerRequired, path: ['id'] })
  .transform((q) => ({ id: q.id ?? q.customerId ?? 0 }));

/** A calendar date, YYYY-MM-DD. */
const regDateField = textField(10, { error: MSG.regDateInvalid, tooLong: MSG.regDateInvalid }).refine((v) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const at = Date.parse(`${v}T00:00:00Z`);
  return Number.isFinite(at) && new Date(at).toISOString().startsWith(v);
}, MSG.regDateInvalid);
/** 万元 with at most two decimals, 0..100,000,000; answered in hundredths (the column's unit). */
const capitalField = textField(12, { error: MSG.capitalInvalid, tooLong: MSG.capitalInvalid })
  .refine((v) => /^\d{1,9}(\.\d{1,2})?$/.test(v) && Number(v) <= 100_000_000, MSG.capitalInvalid)
  .transform((v) => Math.round(Number(v) * 100));

/** The column each `sort` value orders by. */
const SORT_COLUMNS: Record<CustomerSort, CustomerOrder['column']> = {
  created_at: 'created_at',
  reg_time: 'reg_time',
  reg_capital: 'reg_capital_hundredths',
};

const filterQuery = z.object({
  area: codeField((code) => cityOfArea(code) !== undefined, MSG.areaInvalid).optional(),
  industry_code: industryCodeField.optional(),
  /** Comma-separated (a repeated parameter is accepted too); each code checked like industry_code. */
  industry_codes: z
    .union([industryListText, z.array(industryListText).max(INDUSTRY_CODES_MAX, MSG.industryCodesTooMany)], {
      error: MSG.industryInvalid,
    })
    .transform((v) => (Array.isArray(v) ? v.join(',') : v).split(',').map((code) => code.trim()))
    .refine((codes) => codes.length <= INDUSTRY_CODES_MAX, MSG.industryCodesTooMany)
    .refine((codes) => codes.every((code) => INDUSTRY_CODES.has(code)), MSG.industryInvalid)
    .transform((codes) => [...new Set(codes)])
    .optional(),
  is_hightech: z
    .enum(['0', '1'], { error: MSG.hightechInvalid })
    .transform((v) => v === '1')
    .optional(),
  type: z.enum(CUSTOMER_LIST_TYPES, { error: MSG.customerTypeInvalid }).optional(),
  name: textField(CUSTOMER_KEYWORD_MAX, { tooLong: MSG.customerKeywordTooLong })
    .trim()
    .transform((v) => v || undefined)
    .optional(),
  reg_start: regDateField.optional(),
  reg_end: regDateField.optional(),
  capital_min: capitalField.optional(),
  capital_max: capitalField.optional(),
  sort: z.enum(CUSTOMER_SORTS, { error: MSG.customerSortInvalid }).optional(),
  order: z.enum(SORT_ORDERS, { error: MSG.customerOrderInvalid }).optional(),
  tag: tagField.optional(),
});

/** The ranges run forward: a start after its end is refused (not read as an empty list). */
const forwardRanges = <T extends z.infer<typeof filterQuery>>(schema: z.ZodType<T>) =>
  schema
    .refine((q) => q.reg_start === undefined || q.reg_end === undefined || q.reg_start <= q.reg_end, {
      message: MSG.regDateRangeInvalid,
      path: ['reg_start'],
    })
    .refine(
      (q) => q.capital_min === undefined || q.capital_max === undefined || q.capital_min <= q.capital_max,
      { message: MSG.capitalRangeInvalid, path: ['capital_min'] },
    );

const customersQuery = forwardRanges(filterQuery.extend({ page: pageField, size: sizeField }));
const exportQuery = forwardRanges(filterQuery);

/** The service's filter, type and order from a validated query. */
function listArgs(q: z.infer<typeof filterQuery>) {
  const { area, type, sort, order, tag, ...terms } = q;
  const filter = { ...areaFilter(area), ...terms };
  const by: CustomerOrder = { column: SORT_COLUMNS[sort ?? 'created_at'], direction: order ?? 'desc' };
  return { filter, type, order: by, tag };
}

export const customersRoutes: FastifyPluginAsyncZod<{ customers: CustomersService }> = async (
  app,
  { customers },
) => {
  const config = { auth: true };
  const tags = ['customers'];

  dataAt(
    app,
    'GET',
    CUSTOMER_PATHS.customers,
    {
      config,
      tags,
      summary: '我的客户（分页，默认最新在前）',
      description:
        'area 为城市或区县代码；industry_code 为国民经济行业门类，industry_codes 为以逗号分隔的多个门类（任一）；' +
        'is_hightech 为 0/1；type 为 sb（可申报）、gs（已公示）、zc（政策匹配），与首页客户统计一致；' +
        'name 为企业名称关键词；reg_start/reg_end 为成立日期范围（YYYY-MM-DD）；capital_min/capital_max 为注册资本范围（万元）；' +
        'sort 为 created_at、reg_time、reg_capital，order 为 asc/desc；tag 为会员自己的客户标签。',
      querystring: customersQuery,
      data: pageSchema(customerItemSchema),
    },
    async (request) => {
      const { filter, type, order, tag } = listArgs(request.query);
      const { page, size } = request.query;
      return customers.list(memberOf(request), filter, { page, size }, type, order, tag);
    },
  );

  routeAt(
    app,
    'GET',
    CUSTOMER_PATHS.export,
    {
      config,
      schema: {
        tags,
        summary: '导出我的客户（.xlsx，筛选与排序同 getCustomers）',
        querystring: exportQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const { filter, type, order, tag } = listArgs(request.query);
      const { at, rows } = customers.exportList(memberOf(request), filter, type, order, tag);
      return sendXlsx(reply, { name: '我的客户', at, sheet: '我的客户', columns: CUSTOMER_COLUMNS, rows });
    },
  );

  /** A call about all of the member's customers, or about the member itself. */
  const reads = callerReads(app, memberOf, { config, tags });

  /** A call about one of the member's customers: `read` answers for the member and the customer's id. */
  const perCustomer = <const D extends z.ZodType>(
    urls: readonly string[],
    summary: string,
    data: D,
    read: (member: Member, id: number) => Promise<z.input<D>>,
  ) =>
    reads.withQuery(urls, { summary, querystring: customerQuery }, data, (member, { id }) =>
      read(member, id),
    );

  perCustomer(CUSTOMER_PATHS.cusData, '客户基本信息', customerItemSchema, (member, id) =>
    customers.customer(member, id),
  );

  perCustomer(
    CUSTOMER_PATHS.cusAllInfo,
    '客户全部信息（基本信息、知识产权、高企评分、公示）',
    customerDetailSchema,
    (member, id) => customers.customerDetail(member, id),
  );

  perCustomer(CUSTOMER_PATHS.customerPatents, '客户知识产权数量', ipInfoSchema, (member, id) =>
    customers.customerPatents(member, id),
  );

  reads(CUSTOMER_PATHS.patents, '全部客户知识产权合计', ipInfoSchema, (member) =>
    customers.patentTotals(member),
  );

  perCustomer(CUSTOMER_PATHS.grade, '客户高企评分（预评估）', htsGradeSchema, (member, id) =>
    customers.grade(member, id),
  );

  reads(CUSTOMER_PATHS.companyInfo, '会员企业信息', companyInfoSchema, (member) =>
    customers.companyInfo(member),
  );

  reads.withQuery(
    CUSTOMER_PATHS.publicity,
    { summary: '客户公示（最新在前）', querystring: sizeQuery },
    z.array(publicityItemSchema),
    (member, { size }) => customers.publicity(member, size),
  );
};
