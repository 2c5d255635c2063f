// Journey: a new company buys the API package through the sandbox page, creates a key on 我的API and reads it once
// from the dialog, calls the open API with it; 我的API then shows one call less left, today's call beside the chart and
// the call under 最近调用. Revoked, the key is listed greyed and the open API refuses it.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { API_KEYS_API, type ApiUsage, OPEN_API, OPEN_API_CODE } from '@uc/shared';
import { apiData, expectChartDrawn, payAtSandbox, registerCompany } from './support';

const KEY_NAME = '官网政策查询';

async function expectNoViolations(page: Page) {
  const audit = await new AxeBuilder({ page }).analyze();
  expect(
    audit.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

test('a member creates an API key, calls the open API with it, sees the call counted and revokes the key', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await registerCompany(page, 'apikey', 'Apikey2024ab');

  await test.step('buy the API package (a new company has no calls)', async () => {
    await page.goto('/usercenter/apiorder?gid=14');
    await expect(page.getByTestId('api-calls')).toHaveText('50,000 次 × 1 = 50,000 次');
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '立即支付' }).click();
    await payAtSandbox(page);
    await expect(page).toHaveURL(/\/usercenter\/apiPaySuccess\?state=true$/);
    await expect(page.getByText('API套餐开通成功')).toBeVisible({ timeout: 15_000 });
  });

  await test.step('我的API is in the menu and shows the calls bought, none made', async () => {
    await page.goto('/usercenter/api/keys');
    await expect(
      page.getByRole('navigation', { name: '侧边菜单' }).getByRole('link', { name: '我的API' }),
    ).toBeVisible();
    await expect(page.getByTestId('api-surplus')).toContainText('50,000');
    await expect(page.getByTestId('api-calls-today')).toHaveText('0');
    await expect(page.getByTestId('api-usage-card').getByText('暂无调用记录')).toBeVisible();
    await expect(page.getByTestId('api-recent-card').getByText('暂无调用记录')).toBeVisible();
  });

  let key = '';
  await test.step('create a key and read it from the dialog, the one time it shows', async () => {
    await page.getByRole('button', { name: /创建密钥/ }).click();
    const form = page.getByRole('dialog', { name: '创建密钥' });
    await form.getByLabel('名称').fill(KEY_NAME);
    await form.getByRole('button', { name: /创\s*建/ }).click();
    const shown = page.getByRole('dialog', { name: '密钥已创建' });
    await expect(shown).toContainText('密钥已创建，请立即复制保存，关闭后将无法再次查看');
    await expect(shown.getByRole('button', { name: '复制密钥' })).toBeVisible();
    key = ((await shown.getByTestId('created-key').locator('code').textContent()) ?? '').trim();
    expect(key.length).toBeGreaterThan(20);
    await shown.getByRole('button', { name: '我已保存' }).click();
    await expect(shown).toBeHidden();
    const row = page.getByTestId('api-keys-card').getByRole('row').filter({ hasText: KEY_NAME });
    await expect(row).toContainText('有效');
    await expect(row).toContainText('不限');
    await expect(row).toContainText(key.slice(0, 8));
    await expect(page.getByTestId('api-keys-card')).not.toContainText(key);
  });

  await test.step('call the open API with the key', async () => {
    const res = await page.request.get(OPEN_API.policies, {
      headers: { Authorization: `Bearer ${key}` },
      params: { keyword: '高新', page: 1, size: 5 },
    });
    expect(res.status()).toBe(200);
  });

  await test.step('我的API counts the call: the balance, today, the chart and 最近调用', async () => {
    await page.reload();
    await expect(page.getByTestId('api-surplus')).toContainText('49,999');
    await expect(page.getByTestId('api-used')).toHaveText('已用 1 / 总量 50,000 次');
    await expect(page.getByTestId('api-calls-today')).toHaveText('1');
    await expect(page.getByTestId('api-calls-30d')).toHaveText('1');
    await expectChartDrawn(page, 'api-usage-card');
    await expect(page.getByRole('img', { name: /今日 1 次/ })).toBeVisible();
    const calls = page.getByTestId('api-recent-card').getByRole('row').filter({ hasText: '政策源库' });
    await expect(calls).toHaveCount(1);
    await expect(calls).toContainText('成功');
    await expect(calls).toContainText(KEY_NAME);
    const usage = await apiData<ApiUsage>(page, API_KEYS_API.usage);
    expect(usage.days.at(-1)?.calls).toBe(1);
  });

  await test.step('revoke the key after the confirmation: listed greyed, refused by the open API', async () => {
    await page.getByRole('button', { name: `撤销 ${KEY_NAME}` }).click();
    const ask = page.getByRole('dialog', { name: '撤销密钥' });
    await expect(ask).toContainText(KEY_NAME);
    await ask.getByRole('button', { name: /撤\s*销/ }).click();
    await expect(page.getByText('密钥已撤销')).toBeVisible();
    const row = page.getByTestId('api-keys-card').getByRole('row').filter({ hasText: KEY_NAME });
    await expect(row).toContainText('已撤销');
    await expect(row).toHaveClass(/uc-apikeys-revoked/);
    await expect(row.getByRole('button')).toHaveCount(0);
    const res = await page.request.get(OPEN_API.policies, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status()).toBe(401);
    expect(((await res.json()) as { code: number }).code).toBe(OPEN_API_CODE.keyInvalid);
    // Greyed, still readable.
    await expectNoViolations(page);
  });

  await test.step('on a phone the keys and the calls are cards, as readable', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const keys = page.getByRole('list', { name: '密钥列表' });
    await expect(keys.getByRole('listitem').filter({ hasText: KEY_NAME })).toContainText('已撤销');
    await expect(page.getByRole('table')).toHaveCount(0);
    const calls = page.getByRole('list', { name: '最近调用列表' }).getByRole('listitem');
    await expect(calls).toHaveCount(1);
    await expect(calls).toContainText('政策源库');
    await expectNoViolations(page);
  });
});
