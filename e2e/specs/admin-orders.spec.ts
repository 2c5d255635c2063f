// 订单 in the operator console: a member asks for a bank transfer (对公转账) on the buying page, a finance operator
// signed in with TOTP finds the order by its number, confirms the money received (amount and a reason) and the order is
// 已支付 with the member's plan changed; the money is then returned by bank in two parts recorded as 线下退款 (amount,
// 流水号, date), the second making the whole: the order 已退款 and the plan taken back. Money that bought nothing (a
// second sandbox payment made after another purchase changed the plan) is listed under 重复支付, refunded from there
// and leaves the list, the order's detail showing the refund 已退款. An invoice asked for, then a part refund: the desk
// issues it at what was kept, a later part refund is a red-letter invoice the member sees in 发票管理. A server of its
// own (SQLite).
import { expect, type Page, test } from '@playwright/test';
import {
  COMMERCE_API,
  type CusInfo,
  HOME_API,
  INVOICE_API,
  type Invoice,
  type OrderCreated,
  PAY_TYPE,
  type PayCreated,
  PLAN,
} from '@uc/shared';
import {
  apiData,
  confirmAtSandbox,
  DEMO,
  login,
  PAYPER,
  pageLive,
  sessionToken,
  signInNewStaff,
  TRIAL,
  useConsoleServer,
} from './support';

/** POSTs a member API path with the page's session (bearer token) and returns the envelope's data. */
async function memberPost<T>(page: Page, path: string, data: Record<string, unknown>): Promise<T> {
  const res = await page.request.post(path, {
    headers: { Authorization: `Bearer ${await sessionToken(page)}` },
    data,
  });
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, `${path}: ${body.message}`).toBe(200);
  return body.data;
}

/** An order of the plan and a sandbox QR code for it (the 模拟支付 link), paid by nobody yet. */
async function orderWithQr(page: Page, gid: number) {
  const order = await memberPost<OrderCreated>(page, COMMERCE_API.order, { gid, count: 1 });
  const qr = await memberPost<PayCreated>(page, COMMERCE_API.pay, {
    gid,
    out_trade_no: order.out_trade_no,
    pay_type: PAY_TYPE.wechat,
    expired_time: order.expired_time ?? '',
    finalPrice: order.price,
    count: order.count,
  });
  // The link names the public origin, which a server on port 0 does not know: its path, on this server.
  const link = new URL(qr.url);
  return { outTradeNo: order.out_trade_no, url: `${link.pathname}${link.search}` };
}

/** Opens 订单, searches the order's number and opens its detail drawer. */
async function openOrder(page: Page, outTradeNo: string) {
  await page.getByRole('menu').getByText('订单').click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await page.getByRole('tab', { name: '订单列表' }).click();
  await page.getByLabel('订单号').fill(outTradeNo);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const rows = page.getByRole('row').filter({ hasText: outTradeNo });
  await expect(rows).toHaveCount(1);
  await rows.getByRole('button', { name: /详\s*情/ }).click();
  const drawer = page.getByRole('dialog', { name: `订单详情 ${outTradeNo}` });
  await expect(drawer).toBeVisible();
  return drawer;
}

test.describe('orders in the console', () => {
  const server = useConsoleServer();

  test('a bank transfer is confirmed and the member gets the plan', async ({ browser }) => {
    const member = await browser.newContext({ baseURL: server().origin });
    const buyer = await member.newPage();
    await login(buyer, TRIAL, `/usercenter/taocandetail?gid=${PLAN.advanced}&state=2&isRenew=0`);
    const outTradeNo = (await buyer.getByTestId('order-no').innerText()).trim();
    await buyer.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await buyer.getByRole('button', { name: '获取对公转账信息' }).click();
    await expect(buyer.getByText(`请在转账备注中填写订单号：${outTradeNo}`)).toBeVisible();
    expect((await apiData<CusInfo>(buyer, HOME_API.cusInfo)).level).toBe(10);

    const { context: staff, page } = await signInNewStaff(browser, server(), 'finance', 'transfer');
    const drawer = await openOrder(page, outTradeNo);
    await expect(drawer).toContainText('待转账');
    await expect(drawer).toContainText('对公转账');
    await drawer.getByRole('button', { name: '确认转账' }).click();
    const modal = page.getByRole('dialog', { name: '确认转账到账' });
    // The amount due, as the dialog states it.
    const due = /应付 ¥([\d.]+)/.exec(await modal.innerText())?.[1] ?? '';
    expect(Number(due)).toBeGreaterThan(0);
    await modal.getByLabel('到账金额（元）').fill(due);
    await modal.getByLabel('备注（如银行回单号）').fill('招商银行回单 20261127001');
    await modal.getByRole('button', { name: '确认到账' }).click();
    await expect(modal).toBeHidden();
    await expect(drawer.locator('.ant-descriptions').first()).toContainText('已支付');
    await expect(drawer.getByRole('button', { name: '确认转账' })).toHaveCount(0);
    await expect(drawer).toContainText('VIP高级版');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('row').filter({ hasText: outTradeNo })).toContainText('已支付');

    // The member has the plan it bought.
    const info = await apiData<CusInfo>(buyer, HOME_API.cusInfo);
    expect(info).toMatchObject({ gid: PLAN.advanced, level: 21 });

    // The money goes back by bank: a part, then the rest, each recorded with its bank reference.
    const again = await openOrder(page, outTradeNo);
    const refundOffline = async (amount: string | null, bankRef: string, reason: string) => {
      await again.getByRole('button', { name: /^退\s*款$/ }).click();
      const dialog = page.getByRole('dialog', { name: '登记线下退款' });
      await expect(dialog).toContainText(`实付 ¥${Number(due).toFixed(2)}`);
      if (amount !== null) await dialog.getByLabel('退款金额（元）').fill(amount);
      await dialog.getByLabel('银行流水号').fill(bankRef);
      await expect(dialog.getByLabel('退款日期')).not.toHaveValue('');
      await dialog.getByLabel('退款原因').fill(reason);
      await dialog.getByRole('button', { name: '登记退款' }).click();
      await expect(dialog).toBeHidden();
      await expect(again.getByRole('row').filter({ hasText: bankRef })).toContainText('已退款');
    };
    await refundOffline('1000', 'CMB20261129001', '部分服务未开通，退回1000元');
    await expect(again.locator('.ant-descriptions').first()).toContainText('已支付');
    expect(await apiData<CusInfo>(buyer, HOME_API.cusInfo)).toMatchObject({ gid: PLAN.advanced, level: 21 });
    // The rest, as the dialog offers it: the parts add up to the whole, the plan is taken back.
    await refundOffline(null, 'CMB20261129002', '客户解约，退回余款');
    await expect(again.locator('.ant-descriptions').first()).toContainText('已退款');
    await expect(again.getByRole('button', { name: /^退\s*款$/ })).toHaveCount(0);
    expect(await apiData<CusInfo>(buyer, HOME_API.cusInfo)).toMatchObject({ level: 10 });
    await member.close();
    await staff.close();
  });

  test('money paid for nothing is refunded from 重复支付', async ({ browser }) => {
    const member = await browser.newContext({ baseURL: server().origin });
    const buyer = await member.newPage();
    await login(buyer, DEMO);
    // An upgrade's QR code is left open; a renewal is paid meanwhile; then the upgrade's payment arrives too and buys
    // nothing (the days it was priced against have moved): the money is owed back.
    const upgrade = await orderWithQr(buyer, PLAN.supreme);
    const renewal = await orderWithQr(buyer, PLAN.professional);
    await confirmAtSandbox(buyer, renewal.url);
    await confirmAtSandbox(buyer, upgrade.url);
    expect(await apiData<CusInfo>(buyer, HOME_API.cusInfo)).toMatchObject({
      gid: PLAN.professional,
      level: 22,
    });

    const { context: staff, page } = await signInNewStaff(browser, server(), 'finance', 'refund');
    await page.getByRole('menu').getByText('订单').click();
    await page.getByRole('tab', { name: '重复支付' }).click();
    const row = page.getByRole('row').filter({ hasText: upgrade.outTradeNo });
    await expect(row).toContainText('至尊版');
    await expect(row).toContainText('可退');
    await row.getByRole('button', { name: '退款' }).click();
    const modal = page.getByRole('dialog', { name: '退款' });
    await expect(modal).toContainText('重复支付');
    await modal.getByLabel('退款原因').fill('续费后升级款未用，原路退回');
    await modal.getByRole('button', { name: '确认退款' }).click();
    await expect(modal).toBeHidden();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('暂无重复支付的订单')).toBeVisible();

    // The order's detail shows the refund settled; the plan the renewal extended stays.
    const drawer = await openOrder(page, upgrade.outTradeNo);
    const refunds = drawer.getByRole('row').filter({ hasText: '续费后升级款未用' });
    await expect(refunds).toContainText('已退款');
    await expect(drawer.getByRole('button', { name: '退款' })).toHaveCount(0);
    expect(await apiData<CusInfo>(buyer, HOME_API.cusInfo)).toMatchObject({
      gid: PLAN.professional,
      level: 22,
    });
    await member.close();
    await staff.close();
  });

  test('an invoice follows a part refund: issued at what was kept, a later part red-lettered', async ({
    browser,
  }) => {
    const member = await browser.newContext({ baseURL: server().origin });
    const buyer = await member.newPage();
    await login(buyer, PAYPER);
    const bought = await orderWithQr(buyer, PLAN.local);
    await confirmAtSandbox(buyer, bought.url);
    const asked = await memberPost<Invoice>(buyer, INVOICE_API.apply, {
      out_trade_no: bought.outTradeNo,
      invoice_type: 'normal',
      title_type: 'personal',
      title: '王五',
      email: 'payper@example.com',
    });
    const paid = asked.amount;
    const yuan = (n: number) => `¥${n.toFixed(2)}`;

    const { context: staff, page } = await signInNewStaff(browser, server(), 'finance', 'invoice');
    const refund = async (amount: string, reason: string) => {
      const drawer = await openOrder(page, bought.outTradeNo);
      await drawer.getByRole('button', { name: /^退\s*款$/ }).click();
      const dialog = page.getByRole('dialog', { name: '退款' });
      await dialog.getByLabel('退款金额（元）').fill(amount);
      await dialog.getByLabel('退款原因').fill(reason);
      await dialog.getByRole('button', { name: '确认退款' }).click();
      await expect(dialog).toBeHidden();
      await expect(drawer.getByRole('row').filter({ hasText: reason })).toContainText('已退款');
      await page.keyboard.press('Escape');
    };
    await refund('40', '部分退款：未使用的模块');

    // Before issue: the desk shows the refund and issues at what was kept.
    await page.getByRole('menu').getByText('发票').click();
    const row = page.getByRole('row').filter({ hasText: bought.outTradeNo });
    await expect(row).toContainText(yuan(paid - 40));
    await expect(row).toContainText('已退 ¥40.00');
    await row.getByRole('button', { name: /^开\s*具$/ }).click();
    const issue = page.getByRole('dialog', { name: '开具发票：王五' });
    await expect(issue).toContainText(
      `实付 ${yuan(paid)}，已退款 ¥40.00，按留存金额 ${yuan(paid - 40)} 开具`,
    );
    await issue.getByLabel('发票号码').fill('26312000000000000040');
    await issue.locator('input[type="file"]').setInputFiles({
      name: 'invoice.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await issue.getByRole('button', { name: /开\s*具/ }).click();
    await expect(issue).toBeHidden();
    await expect(row).toContainText('已开具');

    // After issue: a part refund is a red-letter invoice of that part; the member sees what stays invoiced.
    await refund('10', '部分退款：服务调整');
    await buyer.goto('/usercenter/invoice/list');
    const mine = buyer.getByRole('row').filter({ hasText: bought.outTradeNo });
    await expect(mine).toContainText('已开具');
    await expect(mine).toContainText(yuan(paid - 40));
    await expect(mine).toContainText('红字发票 -¥10.00（开具中）');
    await expect(mine).toContainText(`仍开票 ${yuan(paid - 50)}`);

    // On the phone, 我的订单's detail lists both refunds, back the way the order was paid, and what is kept.
    await buyer.setViewportSize({ width: 390, height: 844 });
    await buyer.goto('/usercenter/order/list');
    // The list is drawn by the server first: 详情 opens the drawer once the page is live.
    await pageLive(buyer);
    await buyer.getByRole('button', { name: `订单详情 ${bought.outTradeNo}` }).click();
    const detail = buyer.getByTestId('order-detail').getByRole('region', { name: '退款记录' });
    await expect(detail.getByRole('listitem')).toHaveText([
      /部分退款 · 原路退回微信支付 · 已退回.*¥40\.00$/,
      /部分退款 · 原路退回微信支付 · 已退回.*¥10\.00$/,
    ]);
    await expect(detail).toContainText(`扣除退款后实付：${yuan(paid - 50)}`);
    await member.close();
    await staff.close();
  });
});
