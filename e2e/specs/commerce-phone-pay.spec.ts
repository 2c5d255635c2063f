// Journey: a member pays on the phone itself (docs/decisions.md "Payment channels by device"): a phone browser by
// WeChat Pay H5 and by Alipay wap through the sandbox's pages and back to the result page, WeChat's own browser by
// JSAPI (the sheet played by an injected WeixinJSBridge), and a redirect back without paying that pays again.
import { expect, type Page, test } from '@playwright/test';
import { pageLive, registerCompany, reviewShot } from './support';

const PHONE = { width: 390, height: 844 } as const;
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const ORDER_PAGE = '/usercenter/taocandetail?gid=1&state=2&isRenew=0';
const RESULT = /\/usercenter\/payResult\?out_trade_no=\d+/;

/**
 * The providers send the browser back to the server's public address (PUBLIC_BASE_URL; unset here, so localhost and
 * the port), which is another cookie host than the journeys' 127.0.0.1: the session is valid at both, as it would be
 * on one public address.
 */
async function sessionAtPublicAddress(page: Page) {
  const cookies = await page.context().cookies();
  await page.context().addCookies(
    cookies
      .filter((c) => c.domain === '127.0.0.1')
      .map(({ name, value, path, expires, httpOnly, secure, sameSite }) => ({
        name,
        value,
        domain: 'localhost',
        path,
        expires,
        httpOnly,
        secure,
        sameSite,
      })),
  );
}

/** A page of the app at the public address. */
function publicUrl(path: string): string {
  const base = test.info().project.use.baseURL ?? '';
  return new URL(path, base.replace('//127.0.0.1:', '//localhost:')).toString();
}

/** A new company on VIP地方版's order page (at the public address), the agreement ticked. */
async function openOrder(page: Page, prefix: string) {
  await registerCompany(page, prefix, 'Phone2024ab');
  await sessionAtPublicAddress(page);
  await page.goto(publicUrl(ORDER_PAGE));
  await pageLive(page);
  await expect(page.getByTestId('order-plan-name')).toHaveText('VIP地方版');
  await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
}

/** 立即支付 sends the phone's browser to the provider's page (here the sandbox's 模拟支付). */
async function payAtProvider(page: Page, shot?: string) {
  await expect(page.getByRole('button', { name: '改用扫码支付' })).toBeVisible();
  await page.getByRole('button', { name: '立即支付' }).click();
  await expect(page).toHaveURL(/\/api\/ccw\/goods\/sandbox\/pay\//);
  await expect(page.getByRole('button', { name: '确认支付' })).toBeVisible();
  if (shot) await reviewShot(page, shot);
}

/** The result page asks the server: paid, then on to the plan opened and 我的订单. */
async function expectPaid(page: Page, shot?: string) {
  await expect(page).toHaveURL(RESULT);
  await expect(page.getByText('支付成功')).toBeVisible({ timeout: 15_000 });
  if (shot) await reviewShot(page, shot);
  await page.getByRole('link', { name: '查看开通结果' }).click();
  await expect(page).toHaveURL(/\/usercenter\/paySuccess\?state=true$/);
  await expect(page.getByText('开通成功')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('opened-plan')).toHaveText('VIP地方版');
  await page.goto(publicUrl('/usercenter/order/list'));
  await pageLive(page);
  await expect(page.getByText('已支付').first()).toBeVisible();
}

test.describe('a phone browser', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true, userAgent: PHONE_UA });

  test('pays by WeChat Pay H5 and comes back to the result page', async ({ page }) => {
    test.setTimeout(120_000);
    await openOrder(page, 'h5pay');
    await payAtProvider(page, 'h5-wechat-provider.png');
    await page.getByRole('button', { name: '确认支付' }).click();
    await expectPaid(page, 'result-paid.png');
  });

  test('pays by Alipay wap and comes back to the result page', async ({ page }) => {
    test.setTimeout(120_000);
    await openOrder(page, 'wappay');
    await page.getByRole('radio', { name: /支付宝支付/ }).check();
    await payAtProvider(page, 'wap-alipay-provider.png');
    await page.getByRole('button', { name: '确认支付' }).click();
    await expectPaid(page);
  });

  test('comes back without paying: 支付未完成, then 重新支付 pays the same order', async ({ page }) => {
    test.setTimeout(120_000);
    await openOrder(page, 'h5back');
    await payAtProvider(page);
    await page.getByRole('button', { name: '取消' }).click();
    await expect(page).toHaveURL(RESULT);
    const outTradeNo = new URL(page.url()).searchParams.get('out_trade_no');
    await expect(page.getByText('支付未完成')).toBeVisible({ timeout: 15_000 });
    await reviewShot(page, `result-unpaid.png`);
    await page.getByRole('link', { name: '重新支付' }).click();
    await expect(page).toHaveURL(/\/usercenter\/taocandetail\?gid=1&state=2&isRenew=0&count=1$/);
    await expect(page.getByTestId('order-plan-name')).toHaveText('VIP地方版');
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await payAtProvider(page);
    await page.getByRole('button', { name: '确认支付' }).click();
    await expect(page).toHaveURL(new RegExp(`out_trade_no=${outTradeNo}$`));
    await expectPaid(page);
  });
});

test.describe('WeChat’s own browser', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true, userAgent: WECHAT_UA });

  test('pays by JSAPI: the payer signs in once, the sheet confirms, the result page says 支付成功', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The sandbox's page of the last attempt (the pay call's url), where WeChat's part confirms the payment.
    let attemptPage = '';
    page.on('response', async (response) => {
      if (response.request().method() !== 'POST' || !response.url().endsWith('/api/ccw/goods/pay/')) return;
      const body = (await response.json().catch(() => null)) as {
        data?: { mode?: string; url?: string };
      } | null;
      if (body?.data?.mode === 'jsapi') attemptPage = body.data.url ?? '';
    });
    const sheets: unknown[] = [];
    // WeChat's part: the sheet confirms the payment as the sandbox's 确认支付 does, then answers ok.
    await page.exposeFunction('__confirmSheet', async (params: unknown) => {
      sheets.push(params);
      // The pay call's answer is read asynchronously: the sheet can open before it was.
      await expect.poll(() => attemptPage).not.toBe('');
      await reviewShot(page, `jsapi-sheet.png`);
      const sandbox = await page.context().newPage();
      await sandbox.goto(attemptPage);
      await sandbox.getByRole('button', { name: '确认支付' }).click();
      await sandbox.waitForLoadState();
      await sandbox.close();
    });
    await page.addInitScript(() => {
      const bridge = {
        invoke(name: string, params: unknown, callback: (res: { err_msg: string }) => void) {
          if (name !== 'getBrandWCPayRequest') return;
          const confirm = (window as unknown as { __confirmSheet: (p: unknown) => Promise<void> })
            .__confirmSheet;
          void confirm(params).then(() => callback({ err_msg: 'get_brand_wcpay_request:ok' }));
        },
      };
      Object.assign(window, { WeixinJSBridge: bridge });
    });
    await openOrder(page, 'jsapi');
    await page.getByRole('button', { name: '立即支付' }).click();
    // The first payment learns the payer through WeChat's sign-in; back on the order page, it pays again: the sheet.
    await expect.poll(() => sheets.length, { timeout: 30_000 }).toBe(1);
    await expect(page).toHaveURL(RESULT);
    expect(sheets[0]).toEqual(
      expect.objectContaining({
        appId: expect.any(String),
        timeStamp: expect.stringMatching(/^\d+$/),
        nonceStr: expect.any(String),
        package: expect.stringMatching(/^prepay_id=/),
        signType: 'RSA',
        paySign: expect.any(String),
      }),
    );
    await expectPaid(page);
  });
});
