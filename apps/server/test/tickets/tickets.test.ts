// 工单: a member opens a ticket with an attachment and the page it came from, reads it, replies and closes or rates
// it; a sub-account sees its own tickets, its main account the team's, another sub-account gets 403 and another member
// 404; staff of 客服 answer in the console (the bell and the SMS/mail outbox tell the opener, the audit log records it),
// close tickets and read the history; the attachments are checked and downloaded with their names.
import {
  INBOX_API,
  type InboxMessage,
  MSG,
  MSG_WITH,
  type Page,
  STAFF_TICKETS_API,
  type StaffTicketDetail,
  type StaffTicketItem,
  TICKET_API,
  type TicketDetail,
  type TicketFile,
  type TicketItem,
} from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, PNG_BYTES } from '../support/account.js';
import { createTestApp, type Envelope, type TestApp } from '../support/app.js';
import { bearer } from '../support/login.js';
import { call, createMember, type TestMember } from '../support/members.js';
import { signInStaff } from '../support/staff.js';

let t: TestApp;
let service: string;
let ops: string;
let finance: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 0 });
  service = (await signInStaff(t, 'service')).cookie;
  ops = (await signInStaff(t, 'ops')).cookie;
  finance = (await signInStaff(t, 'finance')).cookie;
});
afterAll(() => t.close());

const at = (path: string, id: number, fileId?: number) =>
  path.replace('{id}', String(id)).replace('{fileId}', String(fileId ?? 0));

async function member(parent?: TestMember): Promise<TestMember> {
  seq += 1;
  return createMember(t, `ticket${seq}${parent ? 'sub' : ''}`, parent ? { parentId: parent.id } : {});
}

/** A member's call (none: no token), its status and envelope. */
const send = async <T>(who: TestMember | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  (await call(t, who, method, url, payload as Record<string, unknown> | undefined)) as {
    status: number;
    body: Envelope<T>;
  };

async function staffSend<T>(
  cookie: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json<Envelope<T>>() };
}

async function upload(who: TestMember, name: string, bytes: Buffer, url: string = TICKET_API.files) {
  const { payload, headers } = multipartBody('file', name, 'application/octet-stream', bytes);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...bearer(who.token) },
  });
  return { status: res.statusCode, body: res.json<Envelope<TicketFile>>() };
}

async function open(who: TestMember, extra: Record<string, unknown> = {}): Promise<TicketDetail> {
  const res = await send<TicketDetail>(who, 'POST', TICKET_API.list, {
    category: 'payment',
    content: '支付成功后会员没有生效，请帮忙查看。\n订单是昨天下午付的。',
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe('a member opens a ticket', () => {
  it('with an attachment, the page it came from and an order; the number is GD and the date', async () => {
    const m = await member();
    const file = await upload(m, '截图 1.png', PNG_BYTES);
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    expect(file.body.data).toMatchObject({ name: '截图 1.png', mime: 'image/png', size: PNG_BYTES.length });

    const ticket = await open(m, {
      attachments: [file.body.data.id],
      page: '/usercenter/order/detail?out_trade_no=20261129000000000001',
      order_no: '20261129000000000001',
    });
    expect(ticket.no).toMatch(/^GD\d{8}\d{4,}$/);
    expect(ticket).toMatchObject({
      category: 'payment',
      status: 'open',
      title: '支付成功后会员没有生效，请帮忙查看。 订单是昨天下午付的。'.slice(0, 30),
      page: '/usercenter/order/detail?out_trade_no=20261129000000000001',
      order_no: '20261129000000000001',
      creator: m.username,
      unread: false,
      rating: null,
    });
    expect(ticket.messages).toHaveLength(1);
    expect(ticket.messages[0]).toMatchObject({ from: 'member', author: m.username });
    expect(ticket.messages[0]?.attachments).toEqual([file.body.data]);

    // The attachment downloads under its name (RFC 5987 for the Chinese part).
    const res = await t.app.inject({
      method: 'GET',
      url: at(TICKET_API.file, ticket.id, file.body.data.id),
      headers: bearer(m.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(String(res.headers['content-disposition'])).toContain(
      "filename*=UTF-8''%E6%88%AA%E5%9B%BE%201.png",
    );
    expect(res.rawPayload.equals(PNG_BYTES)).toBe(true);

    // An attachment is sent once: another ticket cannot carry it again.
    const again = await send(m, 'POST', TICKET_API.list, {
      category: 'other',
      content: '再提交一次同一个附件',
      attachments: [file.body.data.id],
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.ticketFileNotFound);
  });

  it('drops a page outside the member app, and refuses a bad category, content or order number', async () => {
    const m = await member();
    const ticket = await open(m, { page: 'https://evil.example/usercenter/' });
    expect(ticket.page).toBeNull();
    for (const [payload, message] of [
      [{ category: 'nope', content: '问题描述足够长' }, MSG.ticketCategoryInvalid],
      [{ category: 'api', content: '太短' }, MSG.ticketContentLength],
      [{ category: 'api', content: '字'.repeat(2001) }, MSG.ticketContentLength],
      [{ category: 'api', content: '问题描述足够长', order_no: 'x1' }, MSG.ticketOrderNotFound],
      [
        { category: 'api', content: '问题描述足够长', attachments: [1, 2, 3, 4, 5, 6] },
        MSG.ticketFilesTooMany,
      ],
    ] as const) {
      const res = await send(m, 'POST', TICKET_API.list, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it("refuses another member's upload, a file whose content is not its type, and one over the limit", async () => {
    const m = await member();
    const other = await member();
    const theirs = await upload(other, 'a.png', PNG_BYTES);
    const res = await send(m, 'POST', TICKET_API.list, {
      category: 'api',
      content: '用别人的附件试试',
      attachments: [theirs.body.data.id],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.ticketFileNotFound);

    const fake = await upload(m, 'report.pdf', PNG_BYTES);
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe(MSG.fileTypeMismatch);
    const exe = await upload(m, 'run.exe', PNG_BYTES);
    expect(exe.body.message).toBe(MSG.fileTypeUnsupported);
    const big = await upload(
      m,
      'big.png',
      Buffer.concat([PNG_BYTES, Buffer.alloc(t.config.uploadMaxMb * 1024 * 1024)]),
    );
    expect(big.status).toBe(400);
    expect(big.body.message).toBe(MSG_WITH.fileTooLarge(t.config.uploadMaxMb));
  });

  it('sweeps the uploads nobody sent within a day, and keeps the sent ones', async () => {
    const m = await member();
    const sent = await upload(m, 'sent.png', PNG_BYTES);
    const left = await upload(m, 'left.png', PNG_BYTES);
    const fresh = await upload(m, 'fresh.png', PNG_BYTES);
    const ticket = await open(m, { attachments: [sent.body.data.id] });
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000).toISOString();
    await t.db
      .updateTable('ticket_files')
      .set({ created_at: twoDaysAgo })
      .where('id', 'in', [sent.body.data.id, left.body.data.id])
      .execute();
    expect(await t.app.tickets.sweepUploads()).toBe(1);
    const kept = await t.db.selectFrom('ticket_files').select('id').where('uploaded_by', '=', m.id).execute();
    expect(kept.map((r) => r.id).sort()).toEqual([sent.body.data.id, fresh.body.data.id].sort());
    const res = await t.app.inject({
      method: 'GET',
      url: at(TICKET_API.file, ticket.id, sent.body.data.id),
      headers: bearer(m.token),
    });
    expect(res.statusCode).toBe(200);
  });

  it('needs a signed-in member (401)', async () => {
    for (const [method, url] of [
      ['POST', TICKET_API.list],
      ['GET', TICKET_API.list],
      ['GET', at(TICKET_API.detail, 1)],
      ['POST', at(TICKET_API.reply, 1)],
      ['POST', at(TICKET_API.close, 1)],
      ['POST', TICKET_API.files],
      ['GET', at(TICKET_API.file, 1, 1)],
    ] as const) {
      const res = await send(null, method, url, method === 'POST' ? {} : undefined);
      expect(res.status, url).toBe(401);
    }
  });
});

describe('who sees a ticket', () => {
  it('a sub-account its own, the main account the team’s, a sibling 403, another member 404', async () => {
    const main = await member();
    const sub = await member(main);
    const sibling = await member(main);
    const stranger = await member();
    const ticket = await open(sub);
    const mine = await open(main);

    const subList = await send<Page<TicketItem>>(sub, 'GET', TICKET_API.list);
    expect(subList.body.data.list.map((i) => i.id)).toEqual([ticket.id]);
    const mainList = await send<Page<TicketItem>>(main, 'GET', TICKET_API.list);
    expect(mainList.body.data.list.map((i) => [i.id, i.creator])).toEqual([
      [mine.id, main.username],
      [ticket.id, sub.username],
    ]);
    expect((await send<Page<TicketItem>>(sibling, 'GET', TICKET_API.list)).body.data.total).toBe(0);

    expect((await send(main, 'GET', at(TICKET_API.detail, ticket.id))).status).toBe(200);
    for (const [method, url] of [
      ['GET', at(TICKET_API.detail, ticket.id)],
      ['POST', at(TICKET_API.reply, ticket.id)],
      ['POST', at(TICKET_API.close, ticket.id)],
    ] as const) {
      const body = method === 'POST' ? { content: '我来替他补充一下' } : undefined;
      const refused = await send(sibling, method, url, body);
      expect(refused.status, url).toBe(403);
      const missing = await send(stranger, method, url, body);
      expect(missing.status, url).toBe(404);
      expect(missing.body.message).toBe(MSG.ticketNotFound);
    }
    // The sub-account cannot read its main account's ticket either.
    expect((await send(sub, 'GET', at(TICKET_API.detail, mine.id))).status).toBe(403);
  });
});

describe('staff answer, the member reads, replies and closes', () => {
  it('tells the opener in the bell and by SMS and mail, marks it unread until read, and audits it', async () => {
    const m = await member();
    await t.db
      .updateTable('users')
      .set({ email: `${m.username}@example.com` })
      .where('id', '=', m.id)
      .execute();
    await t.db
      .insertInto('push_settings')
      .values({
        user_id: m.id,
        regions: '[]',
        departments: '[]',
        industries: '[]',
        types: '[]',
        keywords: '[]',
        channels: '["site","sms","email"]',
        quiet_start: '',
        quiet_end: '',
        updated_at: new Date().toISOString(),
      })
      .execute();
    const ticket = await open(m);

    // The queue: waiting tickets first, with the member's name.
    const queue = await staffSend<Page<StaffTicketItem>>(
      service,
      'GET',
      `${STAFF_TICKETS_API.list}?status=open&q=${ticket.no}`,
    );
    expect(queue.status).toBe(200);
    expect(queue.body.data.list[0]).toMatchObject({ id: ticket.id, username: m.username, status: 'open' });

    // A staff attachment and the answer.
    const { payload, headers } = multipartBody('file', '操作说明.png', 'image/png', PNG_BYTES);
    const staffFile = await t.app.inject({
      method: 'POST',
      url: STAFF_TICKETS_API.files,
      payload,
      headers: { ...headers, cookie: service },
    });
    expect(staffFile.statusCode, staffFile.body).toBe(200);
    const fileId = staffFile.json<Envelope<TicketFile>>().data.id;
    const answered = await staffSend<StaffTicketDetail>(
      service,
      'POST',
      at(STAFF_TICKETS_API.reply, ticket.id),
      {
        content: '您好，已为您核实，会员已生效，请刷新页面。',
        attachments: [fileId],
      },
    );
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.data.status).toBe('answered');
    expect(answered.body.data.events.map((e) => e.action)).toEqual(['open', 'staff_reply']);

    const inbox = await send<Page<InboxMessage>>(m, 'GET', `${INBOX_API.list}?kind=ticket`);
    expect(inbox.body.data.list[0]).toMatchObject({
      kind: 'ticket',
      title: MSG.ticketAnsweredTitle,
      body: MSG_WITH.ticketAnswered(ticket.no, false),
      link: `/ticket/detail?id=${ticket.id}`,
    });
    const outbox = await t.db
      .selectFrom('member_notices')
      .select(['channel', 'kind', 'recipient', 'state'])
      .where('user_id', '=', m.id)
      .orderBy('channel')
      .execute();
    expect(outbox).toEqual([
      { channel: 'email', kind: 'ticket', recipient: `${m.username}@example.com`, state: 'pending' },
      { channel: 'site', kind: 'ticket', recipient: '', state: 'sent' },
      { channel: 'sms', kind: 'ticket', recipient: '13900000000', state: 'pending' },
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id'])
      .where('target_type', '=', 'ticket')
      .where('target_id', '=', String(ticket.id))
      .execute();
    expect(audit).toEqual([{ action: 'tickets.reply', target_type: 'ticket', target_id: String(ticket.id) }]);

    // Unread in the list until the opener reads it; staff appear as 客服 and a number, never their username.
    const listed = await send<Page<TicketItem>>(m, 'GET', TICKET_API.list);
    expect(listed.body.data.list[0]).toMatchObject({ id: ticket.id, status: 'answered', unread: true });
    const read = await send<TicketDetail>(m, 'GET', at(TICKET_API.detail, ticket.id));
    expect(read.body.data.messages[1]).toMatchObject({
      from: 'staff',
      author: expect.stringMatching(/^客服\d{3,}$/),
    });
    expect(JSON.stringify(read.body.data)).not.toContain('staff_username');
    expect(read.body.data.messages[1]?.attachments[0]?.id).toBe(fileId);
    expect((await send<Page<TicketItem>>(m, 'GET', TICKET_API.list)).body.data.list[0]?.unread).toBe(false);

    // The member replies: waiting for staff again.
    const replied = await send<TicketDetail>(m, 'POST', at(TICKET_API.reply, ticket.id), {
      content: '刷新后可以了，谢谢！',
    });
    expect(replied.body.data.status).toBe('open');

    // Closing with a rating; a closed ticket takes no reply and is rated once.
    const closed = await send<TicketDetail>(m, 'POST', at(TICKET_API.close, ticket.id), {
      rating: 5,
      comment: '很快',
    });
    expect(closed.body.data).toMatchObject({ status: 'closed', rating: 5, rating_comment: '很快' });
    const late = await send(m, 'POST', at(TICKET_API.reply, ticket.id), { content: '还有一个问题想问' });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(MSG.ticketClosed);
    const rerate = await send(m, 'POST', at(TICKET_API.close, ticket.id), { rating: 1 });
    expect(rerate.body.message).toBe(MSG.ticketRatedAlready);
    const staffLate = await staffSend(service, 'POST', at(STAFF_TICKETS_API.reply, ticket.id), {
      content: '补充一条客服回复',
    });
    expect(staffLate.status).toBe(400);
    expect(staffLate.body.message).toBe(MSG.ticketClosed);

    const history = await staffSend<StaffTicketDetail>(
      service,
      'GET',
      at(STAFF_TICKETS_API.detail, ticket.id),
    );
    expect(history.body.data.events.map((e) => [e.action, e.actor.split(' ')[0]])).toEqual([
      ['open', '会员'],
      ['staff_reply', '客服'],
      ['reply', '会员'],
      ['close', '会员'],
    ]);
    expect(history.body.data.messages[1]?.staff_username).toMatch(/^service/);
  });

  it('rates a closed unrated ticket later, and needs the rating then', async () => {
    const m = await member();
    const ticket = await open(m);
    await send(m, 'POST', at(TICKET_API.close, ticket.id), {});
    const bare = await send(m, 'POST', at(TICKET_API.close, ticket.id), {});
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe(MSG.ticketRatingRequired);
    const bad = await send(m, 'POST', at(TICKET_API.close, ticket.id), { rating: 6 });
    expect(bad.body.message).toBe(MSG.ticketRatingInvalid);
    const rated = await send<TicketDetail>(m, 'POST', at(TICKET_API.close, ticket.id), { rating: 4 });
    expect(rated.body.data.rating).toBe(4);
  });

  it('staff close a ticket with a reason, audited; 回复并关闭 closes with the answer', async () => {
    const m = await member();
    const ticket = await open(m);
    const closed = await staffSend<StaffTicketDetail>(
      service,
      'POST',
      at(STAFF_TICKETS_API.close, ticket.id),
      {
        reason: '重复提交',
      },
    );
    expect(closed.body.data.status).toBe('closed');
    expect(closed.body.data.events.at(-1)).toMatchObject({ action: 'staff_close', detail: '重复提交' });
    const noReason = await staffSend(service, 'POST', at(STAFF_TICKETS_API.close, ticket.id), {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe(MSG.reasonRequired);

    const second = await open(m);
    const both = await staffSend<StaffTicketDetail>(service, 'POST', at(STAFF_TICKETS_API.reply, second.id), {
      content: '问题已处理完毕，工单关闭。',
      close: true,
    });
    expect(both.body.data.status).toBe('closed');
    const inbox = await send<Page<InboxMessage>>(m, 'GET', `${INBOX_API.list}?kind=ticket`);
    expect(inbox.body.data.list[0]?.body).toBe(MSG_WITH.ticketAnswered(second.no, true));
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target_type', '=', 'ticket')
      .where('target_id', 'in', [String(ticket.id), String(second.id)])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'tickets.close', reason: '重复提交' },
      { action: 'tickets.reply', reason: '' },
    ]);
  });

  it('lets ops read but not answer (403), finance neither; an unknown ticket is 404', async () => {
    const m = await member();
    const ticket = await open(m);
    expect((await staffSend(ops, 'GET', at(STAFF_TICKETS_API.detail, ticket.id))).status).toBe(200);
    const opsReply = await staffSend(ops, 'POST', at(STAFF_TICKETS_API.reply, ticket.id), {
      content: '运营试着回复',
    });
    expect(opsReply.status).toBe(403);
    expect(opsReply.body.message).toBe(MSG.staffForbidden);
    expect((await staffSend(finance, 'GET', STAFF_TICKETS_API.list)).status).toBe(403);
    expect((await staffSend(service, 'GET', STAFF_TICKETS_API.list)).status).toBe(200);
    const missing = await staffSend(service, 'GET', at(STAFF_TICKETS_API.detail, 999_999));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MSG.ticketNotFound);
    expect((await staffSend('', 'GET', STAFF_TICKETS_API.list)).status).toBe(401);
  });

  it('filters the queue by member, category and status', async () => {
    const m = await member();
    const ticket = await open(m, { category: 'invoice' });
    const byMember = await staffSend<Page<StaffTicketItem>>(
      service,
      'GET',
      `${STAFF_TICKETS_API.list}?member=${m.username}&category=invoice`,
    );
    expect(byMember.body.data.list.map((i) => i.id)).toEqual([ticket.id]);
    const none = await staffSend<Page<StaffTicketItem>>(
      service,
      'GET',
      `${STAFF_TICKETS_API.list}?member=${m.username}&status=closed`,
    );
    expect(none.body.data.total).toBe(0);
    const bad = await staffSend(service, 'GET', `${STAFF_TICKETS_API.list}?status=nope`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG.ticketStatusInvalid);
  });
});
