// 工单 in the operator console: the queue, a ticket with its history, the answer (optionally closing it), closing
// without an answer, and the attachments both ways (tickets.read to read, tickets.write to answer and upload). The
// rules, events and audit rows are console.ts'.
import {
  STAFF_TICKETS_API,
  staffReasonBody,
  staffTicketDetailSchema,
  staffTicketItemSchema,
  staffTicketQuery,
  staffTicketReplyBody,
  ticketFileSchema,
} from '@uc/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadMaxBytes } from '../../lib/file-check.js';
import { pageSchema, pagingQuery } from '../../lib/paging.js';
import { dataAt, routePath } from '../../lib/routes.js';
import { uploadedFile, uploadScope } from '../../lib/upload.js';
import { auditActor, currentStaff } from '../../plugins/staff-auth.js';
import type { TicketDesk, TicketStaff } from './console.js';
import {
  sendTicketFile,
  TICKET_UPLOAD_DESCRIPTION,
  ticketFileParams,
  ticketIdParams,
  ticketUploadRefusals,
} from './routes.js';

const tags = ['console-tickets'];
const read = { staff: 'tickets.read' } as const;
const write = { staff: 'tickets.write' } as const;

const staffOf = (request: FastifyRequest): TicketStaff => ({
  ...auditActor(request),
  permissions: currentStaff(request).permissions,
});

export const ticketsConsoleRoutes: FastifyPluginAsyncZod<{ desk: TicketDesk; uploadMaxMb: number }> = async (
  app,
  { desk, uploadMaxMb },
) => {
  dataAt(
    app,
    'GET',
    [STAFF_TICKETS_API.list],
    {
      config: read,
      tags,
      summary: '工单（筛选；待处理的等待最久的在前，其余最近更新在前）',
      description: 'status、category；q：工单号或标题片段；member：提交人或其主账号的用户名或会员ID。',
      querystring: pagingQuery.extend(staffTicketQuery.shape),
      data: pageSchema(staffTicketItemSchema),
    },
    (request) => {
      const { page, size, ...query } = request.query;
      return desk.list(query, { page, size });
    },
  );

  dataAt(
    app,
    'GET',
    [routePath(STAFF_TICKETS_API.detail)],
    {
      config: read,
      tags,
      summary: '工单详情（消息、附件与处理记录）',
      params: ticketIdParams,
      data: staffTicketDetailSchema,
    },
    (request) => desk.detail(request.params.id),
  );

  dataAt(
    app,
    'POST',
    [routePath(STAFF_TICKETS_API.reply)],
    {
      config: write,
      tags,
      summary: '回复工单',
      description:
        'JSON：content（5-2000个字）、attachments（客服上传的附件 id，最多5个）、close（true：回复并关闭）。工单变为已回复（或已关闭），' +
        '提交人在消息中心收到通知，并按推送设置收到短信或邮件。写入操作日志（tickets.reply）。已关闭的工单不能回复。',
      params: ticketIdParams,
      body: staffTicketReplyBody,
      data: staffTicketDetailSchema,
      message: '已回复',
    },
    (request) => desk.reply(request.params.id, request.body, staffOf(request)),
  );

  dataAt(
    app,
    'POST',
    [routePath(STAFF_TICKETS_API.close)],
    {
      config: write,
      tags,
      summary: '关闭工单（不回复）',
      description: 'JSON：reason（必填，记入处理记录与操作日志 tickets.close）。',
      params: ticketIdParams,
      body: staffReasonBody,
      data: staffTicketDetailSchema,
      message: '已关闭',
    },
    (request) => desk.close(request.params.id, request.body.reason, staffOf(request)),
  );

  app.get(
    routePath(STAFF_TICKETS_API.file),
    { config: read, schema: { tags, summary: '下载工单附件', params: ticketFileParams } },
    async (request, reply) =>
      sendTicketFile(reply, await desk.download(request.params.id, request.params.fileId)),
  );

  await uploadScope(app, uploadMaxBytes(uploadMaxMb), (scope) =>
    dataAt(
      scope,
      'POST',
      [STAFF_TICKETS_API.files],
      {
        config: write,
        tags,
        summary: '上传工单附件（客服）',
        description: TICKET_UPLOAD_DESCRIPTION(uploadMaxMb),
        data: ticketFileSchema,
      },
      async (request) => {
        const { bytes, fileName } = await uploadedFile(request, ticketUploadRefusals(uploadMaxMb));
        return desk.upload(currentStaff(request).id, fileName, bytes);
      },
    ),
  );
};
