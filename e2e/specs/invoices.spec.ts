// Journey: a new company pays VIP地方版 through the sandbox page and asks for its invoice in 我的订单 (an ordinary
// electronic invoice only, as the plan allows), with a company title; the operator issues it (the development twin
// of `npm run invoices -- issue`), the member is told at once, and 发票管理 shows it issued with its number and
// downloads its PDF; the title is kept under 常用抬头.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { INVOICE_API, type Invoice, type Page as ListPage, MSG } from '@uc/shared';
import { apiData, payAtSandbox, pushConnected, registerCompany } from './support';

const COMPANY = '深圳市查策发票测试科技有限公司';
/** A unified social credit code whose check character is right (GB 32100-2015). */
const TAX_NO = '91440300MA5FJQ6X39';
const NUMBER = '04415712';

test('a new company asks for the invoice of a paid order, and downloads it once issued', async ({ page }) => {
  test.setTimeout(180_000);
  await registerCompany(page, 'invoice', 'Invoice2024ab');

  let outTradeNo = '';
  await test.step('buy VIP地方版 through the sandbox', async () => {
    await page.goto('/usercenter/vip/index#vip');
    await page.getByRole('link', { name: '立即购买 VIP地方版' }).click();
    await expect(page.getByTestId('order-plan-name')).toHaveText('VIP地方版');
    outTradeNo = (await page.getByTestId('order-no').textContent()) ?? '';
    expect(outTradeNo).toMatch(/^\d{20}$/);
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '立即支付' }).click();
    await expect(page.getByTestId('pay-qr')).toBeVisible();
    await payAtSandbox(page);
    await expect(page).toHaveURL(/\/usercenter\/paySuccess\?state=true$/);
    await expect(page.getByText('开通成功')).toBeVisible({ timeout: 15_000 });
  });

  const row = page.getByRole('row').filter({ hasText: outTradeNo });
  const connected = pushConnected(page);
  await test.step('ask for an ordinary invoice with a company title in 我的订单', async () => {
    await page.goto('/usercenter/order/list');
    await row.getByRole('button', { name: `申请发票 ${outTradeNo}` }).click();
    const dialog = page.getByRole('dialog', { name: '申请发票' });
    await expect(dialog).toContainText(outTradeNo);
    // VIP地方版 gives ordinary electronic invoices only.
    await expect(dialog.getByRole('radio', { name: '增值税专用发票' })).toBeDisabled();
    await expect(dialog.getByText(MSG.invoiceSpecialNotAllowed)).toBeVisible();
    await dialog.getByLabel('发票抬头').fill(COMPANY);
    // One character off first: the check character does not match.
    await dialog.getByLabel('纳税人识别号').fill(`${TAX_NO.slice(0, 17)}H`);
    await dialog.getByLabel('接收邮箱').fill('finance@example.com');
    await dialog.getByRole('button', { name: /提交申请/ }).click();
    await expect(dialog.getByText(MSG.taxNoInvalid)).toBeVisible();
    await dialog.getByLabel('纳税人识别号').fill(TAX_NO);
    await dialog.getByRole('button', { name: /提交申请/ }).click();
    await expect(page.getByText(MSG.invoiceApplySuccess)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('发票申请中')).toBeVisible();
    await expect(row.getByRole('button', { name: `申请发票 ${outTradeNo}` })).toHaveCount(0);
  });

  await test.step('the operator issues it: the member is told, and the order offers the download', async () => {
    await connected;
    const invoices = await apiData<ListPage<Invoice>>(page, INVOICE_API.list, { page: 1, size: 10 });
    const invoice = invoices.list.find((i) => i.out_trade_no === outTradeNo);
    expect(invoice?.status).toBe('pending');
    const res = await page.request.post('/__dev/invoices/issue', {
      data: { id: invoice?.id, number: NUMBER },
    });
    expect(res.status(), await res.text()).toBe(200);
    await expect(page.getByText(MSG.invoiceIssuedPush)).toBeVisible({ timeout: 15_000 });
    await expect(row.getByText('发票已开具')).toBeVisible();
    await expect(row.getByRole('button', { name: `下载发票 ${outTradeNo}` })).toBeVisible();
  });

  await test.step('发票管理 shows it issued with its number, and downloads the PDF', async () => {
    await page.goto('/usercenter/invoice/list');
    const issued = page.getByRole('row').filter({ hasText: outTradeNo });
    await expect(issued).toContainText('已开具');
    await expect(issued).toContainText(NUMBER);
    await expect(issued).toContainText('普通电子发票');
    await expect(issued).toContainText(COMPANY);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      issued.getByRole('button', { name: `下载发票 ${NUMBER}` }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const path = await download.path();
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  await test.step('the title is kept under 常用抬头', async () => {
    await page.getByRole('tab', { name: '常用抬头' }).click();
    await expect(page).toHaveURL(/\/usercenter\/invoice\/list\?tab=titles$/);
    const title = page.getByRole('list', { name: '常用抬头列表' }).getByRole('listitem', { name: COMPANY });
    await expect(title).toContainText(TAX_NO);
    await expect(title).toContainText('finance@example.com');
  });
});
