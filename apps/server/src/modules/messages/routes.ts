// HTTP of 消息中心 (/api/ccw/message/*): any signed-in account, each reading and changing only its own messages (a
// sub-account has its own inbox). An id of another account's message is not touched: `count` says how many changed.
import {
  INBOX_API,
  inboxChangedSchema,
  inboxIdsBody,
  inboxListQuery,
  inboxMessageSchema,
  inboxUnreadCountSchema,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageSchema, pagingQuery } from '../../lib/paging.js';
import { dataAt } from '../../lib/routes.js';
import { currentUser } from '../../plugins/auth.js';
import type { MessagesService } from './service.js';

export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (
  app,
  { messages },
) => {
  const config = { auth: true } as const;
  const tags = ['messages'];
  // The retention sweep: started once the database is ready, stopped on close.
  app.addHook('onReady', async () => messages.start());
  app.addHook('onClose', async () => messages.stop());
  const userId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).account.id;

  dataAt(
    app,
    'GET',
    [INBOX_API.list],
    {
      config,
      tags,
      summary: '消息中心（分页，最新在前）',
      description:
        'status：all 全部（默认）| unread 未读；kind：policy 政策推送 | order 订单支付 | invoice 发票 | security 账号安全 | ' +
        'team 子账号 | system 系统通知 | reminder 申报提醒。仅返回当前账号自己的消息（子账号有独立的消息和已读状态），保留180天。',
      querystring: pagingQuery.extend(inboxListQuery.shape),
      data: pageSchema(inboxMessageSchema),
    },
    (request) => {
      const { status, kind, ...paging } = request.query;
      return messages.list(userId(request), paging, { status, kind });
    },
  );

  dataAt(
    app,
    'GET',
    [INBOX_API.unreadCount],
    { config, tags, summary: '未读消息数（合计与按类型）', data: inboxUnreadCountSchema },
    (request) => messages.unreadCount(userId(request)),
  );

  /** The three changes answer how many messages changed; read and delete take the ids of the body. */
  const changes = [
    {
      path: INBOX_API.read,
      summary: '标记已读',
      description: 'JSON：ids（1-100个消息ID）。不属于当前账号的ID不受影响；count 为本次标记的条数。',
      change: (id: number, ids: number[]) => messages.read(id, ids),
    },
    {
      path: INBOX_API.delete,
      summary: '删除消息',
      description: 'JSON：ids（1-100个消息ID）。不属于当前账号的ID不受影响；count 为本次删除的条数。',
      change: (id: number, ids: number[]) => messages.remove(id, ids),
    },
  ];
  for (const { path, summary, description, change } of changes)
    dataAt(
      app,
      'POST',
      [path],
      { config, tags, summary, description, body: inboxIdsBody, data: inboxChangedSchema },
      (request) => change(userId(request), request.body.ids),
    );

  dataAt(
    app,
    'POST',
    [INBOX_API.readAll],
    {
      config,
      tags,
      summary: '全部已读',
      description: '当前账号的全部未读消息标记为已读；count 为本次标记的条数。',
      data: inboxChangedSchema,
    },
    (request) => messages.readAll(userId(request)),
  );
};
