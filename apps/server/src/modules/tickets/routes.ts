// HTTP of 工单 for members: open, list, read, reply, close or rate, and the attachments (uploaded before the ticket
// or reply carrying them; downloaded as files). A sub-account sees its own tickets, a main account its team's.
import {
  idField,
  MSG,
  MSG_WITH,
  TICKET_API,
  ticketCloseBody,
  ticketCreateBody,
  ticketDetailSchema,
  ticketFileSchema,
  ticketItemSchema,
  ticketListQuery,
  ticketReplyBody,
} from '@uc/shared';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../errors.js';
import { uploadMaxBytes } from '../../lib/file-check.js';
import { pageSchema, pagingQuery } from '../../lib/paging.js';
import { dataAt, routePath } from '../../lib/routes.js';
import { uploadedFile, uploadScope } from '../../lib/upload.js';
import { sweepHourly } from '../../lib/upload-sweep.js';
import { memberOf } from '../../plugins/auth.js';
import type { TicketsService } from './service.js';

export const ticketIdParams = z.object({ id: idField(MSG.ticketNotFound) });
export const ticketFileParams = z.object({
  id: idField(MSG.ticketNotFound),
  fileId: idField(MSG.ticketFileNotFound),
});

/** What an upload's failures answer: over UPLOAD_MAX_MB (said), or no file. */
export const ticketUploadRefusals = (maxMb: number) => ({
  tooLarge: () => errors.badRequest(MSG_WITH.fileTooLarge(maxMb)),
  missing: () => errors.badRequest(MSG.fileMissing),
});

export const TICKET_UPLOAD_DESCRIPTION = (maxMb: number) =>
  `multipart/form-data，一个文件字段 file：图片（PNG、JPG、GIF、WEBP）、PDF、Word 或 Excel，不超过${maxMb}MB，` +
  '按文件内容核对类型（「文件内容与类型不符」）。返回的 id 随工单或回复的 attachments 提交，每次最多5个。';

/** Sends an attachment as a download: its type, its name (RFC 5987 for non-ASCII), never cached by a shared cache. */
export const sendTicketFile = (reply: FastifyReply, file: { name: string; mime: string; bytes: Buffer }) =>
  reply
    .header('Content-Type', file.mime)
    .header('Content-Disposition', contentDisposition(file.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(file.bytes);

declare module 'fastify' {
  interface FastifyInstance {
    /** 工单, for the upload sweep in tests. */
    tickets: TicketsService;
  }
}

export const ticketsRoutes: FastifyPluginAsyncZod<{ tickets: TicketsService; uploadMaxMb: number }> = async (
  app,
  { tickets, uploadMaxMb },
) => {
  const config = { auth: true } as const;
  const tags = ['tickets'];
  sweepHourly(app, tickets.sweepUploads, 'ticket upload sweep failed');

  dataAt(
    app,
    'POST',
    [TICKET_API.list],
    {
      config,
      tags,
      summary: '提交工单',
      description:
        'JSON：category（account | payment | invoice | api | customers | other）、content（5-2000个字，可换行）、' +
        'attachments（已上传附件的 id，最多5个）、page（来源页面，须以 /usercenter/ 开头且不超过200个字符，否则忽略）、' +
        'order_no（相关订单号，可选）。',
      body: ticketCreateBody,
      data: ticketDetailSchema,
      message: MSG.ticketCreated,
    },
    (request) => tickets.create(memberOf(request), request.body),
  );

  dataAt(
    app,
    'GET',
    [TICKET_API.list],
    {
      config,
      tags,
      summary: '我的工单（分页，最近更新在前）',
      description:
        '子账号只看到自己提交的工单，主账号看到全团队的工单（creator 为提交人）。status：open | answered | closed。',
      querystring: pagingQuery.extend(ticketListQuery.shape),
      data: pageSchema(ticketItemSchema),
    },
    (request) => {
      const { status, ...paging } = request.query;
      return tickets.list(memberOf(request), status, paging);
    },
  );

  dataAt(
    app,
    'GET',
    [routePath(TICKET_API.detail)],
    {
      config,
      tags,
      summary: '工单详情',
      description:
        '含全部消息与附件；提交人查看即标记客服回复为已读。其他会员的工单返回 HTTP 404「工单不存在」，同团队其他子账号的工单返回 403。',
      params: ticketIdParams,
      data: ticketDetailSchema,
    },
    (request) => tickets.detail(memberOf(request), request.params.id),
  );

  dataAt(
    app,
    'POST',
    [routePath(TICKET_API.reply)],
    {
      config,
      tags,
      summary: '回复工单',
      description:
        'JSON：content（5-2000个字）、attachments（可选）。已回复的工单回到待处理；已关闭的工单不能回复。',
      params: ticketIdParams,
      body: ticketReplyBody,
      data: ticketDetailSchema,
      message: '已回复',
    },
    (request) => tickets.reply(memberOf(request), request.params.id, request.body),
  );

  dataAt(
    app,
    'POST',
    [routePath(TICKET_API.close)],
    {
      config,
      tags,
      summary: '关闭或评价工单',
      description:
        'JSON：rating（1-5，可选）、comment（不超过200个字，可选）。未关闭的工单被关闭（可同时评价）；已关闭未评价的工单须带 rating，' +
        '用于事后评价；已评价的工单返回「该工单已评价」。',
      params: ticketIdParams,
      body: ticketCloseBody,
      data: ticketDetailSchema,
      message: '已提交',
    },
    (request) => tickets.close(memberOf(request), request.params.id, request.body),
  );

  app.get(
    routePath(TICKET_API.file),
    { config, schema: { tags, summary: '下载工单附件', params: ticketFileParams } },
    async (request, reply) =>
      sendTicketFile(
        reply,
        await tickets.download(memberOf(request), request.params.id, request.params.fileId),
      ),
  );

  await uploadScope(app, uploadMaxBytes(uploadMaxMb), (scope) =>
    dataAt(
      scope,
      'POST',
      [TICKET_API.files],
      {
        config,
        tags,
        summary: '上传工单附件',
        description: TICKET_UPLOAD_DESCRIPTION(uploadMaxMb),
        data: ticketFileSchema,
      },
      async (request) => {
        const { bytes, fileName } = await uploadedFile(request, ticketUploadRefusals(uploadMaxMb));
        return tickets.upload(memberOf(request), fileName, bytes);
      },
    ),
  );
};
