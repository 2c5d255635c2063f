// HTTP for funding records (SPEC.md §7 "Tools and funding"): summary, list, save (form), delete (form, ids '3,5,8').
import {
  type FundingDeleted,
  type FundingRow,
  type FundingSummaryRow,
  fundingSaveBody,
  HOME_API,
  HOME_STATS_API,
  isDbId,
  MSG,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, pagingQuery } from '../../lib/paging.js';
import { routeAt } from '../../lib/routes.js';
import { envelope, ok } from '../../plugins/envelope.js';
import { currentMember } from '../member/scope.js';
import type { FundingService } from './service.js';

const FUNDING_PATHS = {
  summary: [HOME_API.fundingSummary, HOME_STATS_API.deptAmount],
  list: [HOME_API.fundingList],
  save: [HOME_API.fundingSave],
  remove: [HOME_API.fundingDelete],
} as const;

const MAX_IDS = 100;
/** Room for MAX_IDS ids of ten digits with commas and spaces: anything longer is refused unread. */
const IDS_TEXT_MAX = MAX_IDS * 12;
const idText = z.string().max(IDS_TEXT_MAX, MSG.fundingIdsTooMany);

/** `ids` as the client sends it: '3,5,8' (form), or a number or an array (JSON, repeated form fields). */
export const idsField = z
  .union([idText, z.number(), z.array(z.union([idText, z.number()])).max(MAX_IDS, MSG.fundingIdsTooMany)], {
    error: MSG.selectAtLeastOne,
  })
  .transform((value, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (text.trim() === '') return fail(MSG.selectAtLeastOne);
    const parts = text.split(',').map((part) => part.trim());
    if (!parts.every((p) => /^\d{1,10}$/.test(p) && isDbId(Number(p)))) return fail(MSG.fundingIdsInvalid);
    const ids = [...new Set(parts.map(Number))];
    if (ids.length > MAX_IDS) return fail(MSG.fundingIdsTooMany);
    return ids;
  });

const fundingRowSchema = z.object({
  id: z.number(),
  projectname: z.string(),
  depname: z.string(),
  amount: z.number(),
}) satisfies z.ZodType<FundingRow>;

const fundingSummarySchema = z.object({
  dept_name: z.string(),
  amount: z.number(),
  count: z.number(),
}) satisfies z.ZodType<FundingSummaryRow>;

const fundingDeletedSchema = z.object({ deleted: z.number() }) satisfies z.ZodType<FundingDeleted>;

export const toolsRoutes: FastifyPluginAsyncZod<{ funding: FundingService }> = async (app, { funding }) => {
  const config = { auth: true };
  const tags = ['funding'];

  routeAt(
    app,
    'GET',
    FUNDING_PATHS.summary,
    {
      config,
      schema: {
        tags,
        summary: '资助金额按部门汇总（万元）',
        response: { 200: envelope(z.array(fundingSummarySchema)) },
      },
    },
    async (request) => ok(await funding.summary(currentMember(request))),
  );

  routeAt(
    app,
    'GET',
    FUNDING_PATHS.list,
    {
      config,
      schema: {
        tags,
        summary: '资助记录（分页，最新在前）',
        querystring: pagingQuery,
        response: { 200: envelope(pageSchema(fundingRowSchema)) },
      },
    },
    async (request) => ok(await funding.list(currentMember(request), request.query)),
  );

  routeAt(
    app,
    'POST',
    FUNDING_PATHS.save,
    {
      config,
      schema: {
        tags,
        summary: '新增或编辑资助记录',
        description:
          '表单或 JSON：id（编辑时）、projectName、depName（1-50个字符）、amount（万元，最多两位小数）。编辑其他会员的记录返回 HTTP 403，记录不存在返回 HTTP 404。',
        body: fundingSaveBody,
        response: { 200: envelope(fundingRowSchema) },
      },
    },
    async (request) => ok(await funding.save(currentMember(request), request.body), MSG.fundingSaved),
  );

  routeAt(
    app,
    'POST',
    FUNDING_PATHS.remove,
    {
      config,
      schema: {
        tags,
        summary: '删除资助记录',
        description:
          '表单或 JSON：ids 为逗号分隔的记录ID（如 3,5,8）。任一记录属于其他会员时返回 HTTP 403 且不删除任何记录。',
        body: z.object({ ids: idsField }),
        response: { 200: envelope(fundingDeletedSchema) },
      },
    },
    async (request) => ok(await funding.remove(currentMember(request), request.body.ids), MSG.fundingDeleted),
  );
};
