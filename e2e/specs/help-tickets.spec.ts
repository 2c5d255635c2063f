// 工单: a member with a question about an order opens its 订单详情 in 我的订单 and 提交工单 from there (the order and
// the page filled in, a small PNG attached); 客服 answers it in the console; the member sees the bell's count rise,
// opens the ticket from the bell, reads the answer and closes it with a rating. 帮助中心 is on the way. A server of
// its own (SQLite): the console's staff account is written by the staff command.
import { expect, test } from '@playwright/test';
import {
  COMMERCE_API,
  INBOX_API,
  type InboxUnreadCount,
  type OrderCreated,
  PAY_TYPE,
  PLAN,
} from '@uc/shared';
import {
  apiData,
  DEMO,
  login,
  pageLive,
  reviewShot,
  sessionToken,
  signInNewStaff,
  useConsoleServer,
} from './support';

/** A 1×1 PNG: the screenshot a member attaches. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('help and tickets', () => {
  const server = useConsoleServer();

  test('a ticket about an order is answered by 客服, read from the bell and closed with a rating', async ({
    browser,
  }) => {
    const member = await browser.newContext({
      baseURL: server().origin,
      viewport: { width: 1280, height: 800 },
    });
    const page = await member.newPage();
    await login(page, DEMO);

    // An order the member tried to pay (a QR code asked for): 我的订单 lists it.
    const headers = { Authorization: `Bearer ${await sessionToken(page)}` };
    const created = await page.request.post(COMMERCE_API.order, {
      headers,
      data: { gid: PLAN.professional, count: 1 },
    });
    const order = ((await created.json()) as { data: OrderCreated }).data;
    const paying = await page.request.post(COMMERCE_API.pay, {
      headers,
      data: {
        gid: PLAN.professional,
        out_trade_no: order.out_trade_no,
        pay_type: PAY_TYPE.wechat,
        expired_time: order.expired_time ?? '',
        finalPrice: order.price,
        count: order.count,
      },
    });
    expect(paying.status()).toBe(200);

    // 帮助中心 from the header first: the articles by topic.
    await page.getByRole('link', { name: '帮助中心' }).first().click();
    await expect(page.getByRole('list', { name: '会员与支付' })).toBeVisible();
    await reviewShot(page, 'help-1280.png');

    await page.goto('/usercenter/order/list');
    await pageLive(page);
    await page.getByRole('button', { name: `订单详情 ${order.out_trade_no}` }).click();
    await page
      .getByTestId('order-detail')
      .getByRole('link', { name: /提交工单/ })
      .click();
    await expect(page).toHaveURL(/\/usercenter\/ticket\/new\?from=/);
    await expect(page.getByLabel('相关订单')).toHaveValue(order.out_trade_no);
    await page.getByLabel('问题描述').fill('扫码支付后页面没有跳转，会员也没有开通，请帮忙查一下这个订单。');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: '支付截图.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('button', { name: '提交工单' })).toBeEnabled();
    await reviewShot(page, 'ticket-new-1280.png');
    await page.getByRole('button', { name: '提交工单' }).click();
    await expect(page).toHaveURL(/\/usercenter\/ticket\/detail\?id=\d+/);
    const ticketNo =
      (await page.getByRole('row', { name: /工单编号/ }).innerText()).match(/GD\d+/)?.[0] ?? '';
    expect(ticketNo).toMatch(/^GD\d+$/);
    await expect(page.getByRole('button', { name: '下载附件 支付截图.png' })).toBeVisible();
    const before = (await apiData<InboxUnreadCount>(page, INBOX_API.unreadCount)).total;

    // 客服 finds it first in the queue (oldest waiting first), reads it and answers it.
    const staff = await signInNewStaff(browser, server(), 'service', 'kefu');
    await staff.page.getByRole('menu').getByText('工单').click();
    const row = staff.page.getByRole('row').filter({ hasText: ticketNo });
    await row.getByRole('button', { name: `处理工单 ${ticketNo}` }).click();
    const drawer = staff.page.getByRole('dialog', { name: `工单详情 ${ticketNo}` });
    await expect(drawer).toContainText(order.out_trade_no);
    await expect(drawer.getByRole('button', { name: '下载附件 支付截图.png' })).toBeVisible();
    await drawer
      .getByLabel('回复内容')
      .fill('您好，该订单尚未收到付款，请在订单页重新扫码支付；如已扣款请提供付款凭证。');
    await reviewShot(staff.page, 'console-ticket-1280.png');
    await drawer.getByRole('button', { name: '发送回复' }).click();
    await expect(drawer).toContainText('已回复');
    await staff.context.close();

    // The bell counts the answer; its link opens the ticket with the answer marked 客服.
    await page.reload();
    const bell = page.getByTestId('header-bell');
    await expect(bell).toHaveAccessibleName(`消息中心，${before + 1}条未读`);
    await bell.click();
    await page.getByRole('list', { name: '最新未读消息' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/usercenter\/ticket\/detail\?id=\d+/);
    const answer = page.getByRole('list', { name: '工单对话' }).getByRole('listitem').last();
    await expect(answer).toContainText('客服');
    await expect(answer).toContainText('请在订单页重新扫码支付');
    await reviewShot(page, 'ticket-detail-1280.png');

    await page.getByRole('button', { name: '关闭工单' }).click();
    const dialog = page.getByRole('dialog', { name: '关闭工单' });
    await dialog.getByRole('radio').nth(4).click();
    await dialog.getByRole('button', { name: '确认关闭' }).click();
    await expect(page.getByText('工单已关闭，如有新问题请提交新工单')).toBeVisible();
    await expect(page.getByLabel('评价 5 星')).toBeVisible();
    await expect(page.getByLabel('补充说明')).toHaveCount(0);

    // 我的工单 on a phone: the ticket closed.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/usercenter/ticket/list');
    await expect(page.getByRole('list', { name: '工单列表' })).toContainText('已关闭');
    await reviewShot(page, 'ticket-list-390.png');
    await member.close();
  });
});
