// HTTP for funding records (docs/requirements.md §7 "Tools and funding"): summary, list, save (form), delete (form, ids '3,5,8').
import {
  fundingDeletedSchema,
  fundingRowSchema,
  fundingSaveBody,
  fundingSummaryRowSchema,
  HOME_API,
  HOME_STATS_API,
  isDbId,
  MSG,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerReads } from '../../lib/caller-reads.js';
import { pageSchema, pagingQuery } from '../../lib/paging.js';
import { dataAt } from '../../lib/routes.js';
import { memberOf } from '../../plugins/auth.js';
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

export const fundingRoutes: FastifyPluginAsyncZod<{ funding: FundingService }> = async (app, { funding }) => {
  const config = { auth: true };
  const tags = ['funding'];

  /** The member's own funding records. */
  const reads = callerReads(app, memberOf, { config, tags });

  reads(FUNDING_PATHS.summary, '资助金额按部门汇总（万元）', z.array(fundingSummaryRowSchema), (member) =>
    funding.summary(member),
  );

  reads.withQuery(
    FUNDING_PATHS.list,
    { summary: '资助记录（分页，最新在前）', querystring: pagingQuery },
    pageSchema(fundingRowSchema),
    (member, paging) => funding.list(member, paging),
  );

  dataAt(
    app,
    'POST',
    FUNDING_PATHS.save,
    {
      config,
      tags,
      summary: '新增或编辑资助记录',
      description:
        '表单或 JSON：id（编辑时）、projectName、depName（1-50个字符）、amount（万元，最多两位小数）。编辑其他会员的记录返回 HTTP 403，记录不存在返回 HTTP 404。',
      body: fundingSaveBody,
      data: fundingRowSchema,
      message: MSG.fundingSaved,
    },
    (request) => funding.save(memberOf(request), request.body),
  );

  dataAt(
    app,
    'POST',
    FUNDING_PATHS.remove,
    {
      config,
      tags,
      summary: '删除资助记录',
      description:
        '表单或 JSON：ids 为逗号分隔的记录ID（如 3,5,8）。任一记录属于其他会员时返回 HTTP 403 且不删除任何记录。',
      body: z.object({ ids: idsField }),
      data: fundingDeletedSchema,
      message: MSG.fundingDeleted,
    },
    (request) => funding.remove(memberOf(request), request.body.ids),
  );
};
