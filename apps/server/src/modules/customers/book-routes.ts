// HTTP of the member's own book: the registry search, adding and removing customers, the quota, imports (.xlsx in,
// progress, the result file, the template), tags and follow-up notes. Sub-accounts work in their main account's book.
import {
  addCustomersAnswerSchema,
  addCustomersBody,
  COMPANY_SEARCH_MAX,
  COMPANY_SEARCH_MIN,
  CUSTOMER_BOOK_API,
  companySearchPageSchema,
  customerNoteBody,
  customerNoteSchema,
  customerQuotaSchema,
  customerTagSchema,
  customerTagsAnswerSchema,
  customerTagsBody,
  IMPORT_FILE_MAX,
  IMPORT_OUTCOMES,
  IMPORT_ROWS_MAX,
  idField,
  importJobSchema,
  MSG,
  MSG_WITH,
  removeCustomersAnswerSchema,
  removeCustomersBody,
  textField,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../errors.js';
import { pageField, sizeField } from '../../lib/paging.js';
import { answer, dataAt, routePath } from '../../lib/routes.js';
import { type UploadRefusals, uploadedFile, uploadScope } from '../../lib/upload.js';
import { readFirstColumn, sendXlsx } from '../../lib/xlsx.js';
import { currentUser, memberOf } from '../../plugins/auth.js';
import { type CustomerBook, type ImportResultRow, OUTCOME_REASONS } from './customer-book.js';

const customerParams = z.object({ id: idField(MSG.customerInvalid) });
const noteParams = customerParams.extend({ note_id: idField() });
const jobParams = z.object({ id: idField() });

const searchQuery = z.object({
  q: textField(COMPANY_SEARCH_MAX * 4, {
    error: MSG.companySearchTooShort,
    tooLong: MSG.companySearchTooLong,
  })
    .transform((v) => v.trim())
    .refine((v) => [...v].length >= COMPANY_SEARCH_MIN, MSG.companySearchTooShort)
    .refine((v) => [...v].length <= COMPANY_SEARCH_MAX, MSG.companySearchTooLong),
  page: pageField,
  size: sizeField,
});

/** An import file over the limit, or none. */
const IMPORT_REFUSALS: UploadRefusals = {
  tooLarge: () => errors.badRequest(MSG.importFileTooLarge),
  missing: () => errors.badRequest(MSG.importFileRequired),
};

const TEMPLATE_HEADER = '企业名称或统一社会信用代码（每行一家，从第2行开始填写）';

export const customerBookRoutes: FastifyPluginAsyncZod<{ book: CustomerBook }> = async (app, { book }) => {
  const config = { auth: true };
  const tags = ['customers'];
  app.addHook('onReady', async () => book.start());
  app.addHook('onClose', async () => {
    book.stop();
    await book.settled();
  });

  dataAt(
    app,
    'GET',
    [CUSTOMER_BOOK_API.search],
    {
      config,
      tags,
      summary: '企业库搜索',
      description:
        'q 为企业名称的任意部分（至少2个字，如「科技」「深圳」），或18位统一社会信用代码（精确匹配）。' +
        '按企业库顺序分页；total 最多计到200，capped 为 true 表示还有更多（请输入更完整的名称）。' +
        '每行的 customer_id 为该企业已是本会员客户时的客户ID，否则为 null。',
      querystring: searchQuery,
      data: companySearchPageSchema,
    },
    (request) => {
      const { q, page, size } = request.query;
      return book.search(memberOf(request), q, { page, size });
    },
  );

  dataAt(
    app,
    'GET',
    [CUSTOMER_BOOK_API.quota],
    {
      config,
      tags,
      summary: '客户数量与上限',
      description: '上限按会员等级（体验会员20个）。',
      data: customerQuotaSchema,
    },
    (request) => book.quota(memberOf(request)),
  );

  dataAt(
    app,
    'POST',
    [CUSTOMER_BOOK_API.add],
    {
      config,
      tags,
      summary: '添加客户（从企业库）',
      description:
        'JSON：company_ids（企业库ID，1-100个）。已是客户的列入 already；超出会员客户数量上限的列入 over_limit（不添加）。' +
        '首页统计与图表在同一事务中更新。',
      body: addCustomersBody,
      data: addCustomersAnswerSchema,
    },
    async (request) => {
      const result = await book.add(memberOf(request), request.body.company_ids);
      const message =
        result.over_limit.length > 0 && result.added.length === 0
          ? MSG_WITH.customerLimitReached(result.limit)
          : MSG.ok;
      return answer(result, message);
    },
  );

  dataAt(
    app,
    'POST',
    [CUSTOMER_BOOK_API.remove],
    {
      config,
      tags,
      summary: '移除客户',
      description:
        'JSON：ids（客户ID，1-500个）。含其他会员的客户时整体拒绝（HTTP 403）；已不存在的ID忽略。客户的标签与跟进记录一并删除。',
      body: removeCustomersBody,
      data: removeCustomersAnswerSchema,
    },
    (request) => book.remove(memberOf(request), request.body.ids),
  );

  dataAt(
    app,
    'GET',
    [CUSTOMER_BOOK_API.tags],
    {
      config,
      tags,
      summary: '我的客户标签',
      description: '会员自己的标签及使用该标签的客户数，使用多的在前。',
      data: z.array(customerTagSchema),
    },
    (request) => book.tags(memberOf(request)),
  );

  dataAt(
    app,
    'POST',
    [routePath(CUSTOMER_BOOK_API.customerTags)],
    {
      config,
      tags,
      summary: '设置客户标签',
      description:
        'JSON：tags（该客户的全部标签，替换原有；每个1-10个字，每个客户最多10个，会员最多50个不同标签）。',
      params: customerParams,
      body: customerTagsBody,
      data: customerTagsAnswerSchema,
      message: MSG.saved,
    },
    (request) => book.setTags(memberOf(request), request.params.id, request.body.tags),
  );

  dataAt(
    app,
    'GET',
    [routePath(CUSTOMER_BOOK_API.notes)],
    {
      config,
      tags,
      summary: '客户跟进记录',
      description: '按跟进日期倒序，最多200条。',
      params: customerParams,
      data: z.array(customerNoteSchema),
    },
    (request) => book.notes(memberOf(request), request.params.id),
  );

  dataAt(
    app,
    'POST',
    [routePath(CUSTOMER_BOOK_API.notes)],
    {
      config,
      tags,
      summary: '添加跟进记录',
      description: 'JSON：content（1-500个字），noted_on（跟进日期 YYYY-MM-DD，不晚于今天，默认今天）。',
      params: customerParams,
      body: customerNoteBody,
      data: customerNoteSchema,
      message: MSG.saved,
    },
    (request) => {
      const { account } = currentUser(request);
      const author = { id: account.id, name: account.contactName || account.username };
      return book.addNote(memberOf(request), author, request.params.id, request.body);
    },
  );

  dataAt(
    app,
    'DELETE',
    [routePath(CUSTOMER_BOOK_API.note)],
    { config, tags, summary: '删除跟进记录', params: noteParams, data: z.null(), message: MSG.deleted },
    async (request) => {
      await book.deleteNote(memberOf(request), request.params.id, request.params.note_id);
      return null;
    },
  );

  app.get(
    CUSTOMER_BOOK_API.importTemplate,
    {
      config,
      schema: {
        tags,
        summary: '客户导入模板（.xlsx）',
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (_request, reply) =>
      sendXlsx(reply, {
        name: '客户导入模板',
        at: new Date(),
        sheet: '客户导入',
        columns: [{ header: TEMPLATE_HEADER, width: 60, value: (row: string) => row }],
        rows: (async function* () {})(),
      }),
  );

  dataAt(
    app,
    'GET',
    [routePath(CUSTOMER_BOOK_API.importJob)],
    {
      config,
      tags,
      summary: '客户导入进度',
      description: 'status：queued 排队中，running 导入中，done 已完成，failed 失败（error 为原因）。',
      params: jobParams,
      data: importJobSchema,
    },
    (request) => book.importJob(memberOf(request), request.params.id),
  );

  app.get(
    routePath(CUSTOMER_BOOK_API.importResult),
    {
      config,
      schema: {
        tags,
        summary: '客户导入结果（.xlsx）',
        description:
          '每行的结果（已添加、已是客户、文件中重复、未找到、名称对应多家企业、超出客户数量上限、内容有误）及原因。',
        params: jobParams,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const { job, rows } = await book.importResult(memberOf(request), request.params.id);
      return sendXlsx<ImportResultRow>(reply, {
        name: '客户导入结果',
        at: new Date(job.finished_at ?? job.created_at),
        sheet: '导入结果',
        columns: [
          { header: '行号', width: 8, value: (r) => r.line },
          { header: '导入内容', width: 36, value: (r) => r.text },
          { header: '结果', width: 16, value: (r) => IMPORT_OUTCOMES[r.outcome] },
          { header: '企业名称', width: 36, value: (r) => r.company?.name },
          { header: '统一社会信用代码', width: 22, value: (r) => r.company?.credit_code },
          { header: '说明', width: 48, value: (r) => OUTCOME_REASONS[r.outcome] },
        ],
        rows: (async function* () {
          yield* rows;
        })(),
      });
    },
  );

  // The upload, the one route of the book accepting multipart.
  await uploadScope(app, IMPORT_FILE_MAX, (scope) =>
    dataAt(
      scope,
      'POST',
      [CUSTOMER_BOOK_API.importStart],
      {
        config,
        tags,
        summary: '批量导入客户（.xlsx）',
        description:
          `multipart/form-data，一个文件字段 file：按模板填写的 .xlsx（第一列每行一个企业全称或统一社会信用代码，最多${IMPORT_ROWS_MAX}行，不超过2MB）。` +
          '立即返回导入任务，后台按批导入（每批一个事务）；用 import/{id}/ 查询进度，完成后下载结果文件。',
        data: importJobSchema,
      },
      async (request) => {
        const member = memberOf(request);
        const { bytes, fileName } = await uploadedFile(request, IMPORT_REFUSALS);
        const texts = await readFirstColumn(bytes, IMPORT_ROWS_MAX);
        if (!texts) throw errors.badRequest(MSG.importFileInvalid);
        const name = [...fileName.replace(/[\p{Cc}\p{Cf}]/gu, '')].slice(0, 100).join('') || '客户导入.xlsx';
        // Control characters would not survive the result file's XML; they are never part of a name.
        const clean = texts.map((t) => t.replace(/[\p{Cc}\p{Cf}]/gu, '').trim());
        return book.startImport(member, name, clean);
      },
    ),
  );
};
