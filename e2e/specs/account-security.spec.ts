// Journeys of 账户安全: a new company changes its password and logs in with the new one, moves its mobile to another
// number through the slider captcha and SMS codes, and binds an email through the link of the confirmation mail.
import { expect, type Page, test } from '@playwright/test';
import {
  clearSession,
  latestSmsCode,
  login,
  loginThroughForm,
  registerThroughForm,
  sessionToken,
  solveSliderCaptcha,
  uniqueMobile,
  uniqueUsername,
} from './support';

interface Company {
  username: string;
  password: string;
  mobile: string;
}

/** Registers a fresh company (the demo accounts stay as they are) and logs in with it. */
async function freshCompany(page: Page, prefix: string): Promise<Company> {
  const company = { username: uniqueUsername(prefix), password: 'Safe2024ab', mobile: uniqueMobile() };
  await page.goto('/usercenter/register');
  await registerThroughForm(page, { ...company, company: `深圳市${company.username.slice(-4)}科技有限公司` });
  await expect(page.getByText('注册成功')).toBeVisible();
  await login(page, company);
  return company;
}

async function openSafePage(page: Page) {
  await page.goto('/usercenter/account/safe');
  await expect(page.getByTestId('account-safe-page').getByText('登录密码')).toBeVisible();
}

test('a company changes its password, keeps this session and logs in with the new password', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const company = await freshCompany(page, 'pwd');
  const oldToken = await sessionToken(page);
  const newPassword = 'Newpass2024';
  await openSafePage(page);

  await page.getByRole('button', { name: '修改登录密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await dialog.getByLabel('原密码').fill('Wrong2024ab');
  await dialog.getByLabel('新密码').fill(newPassword);
  await dialog.getByLabel('确认密码').fill(newPassword);
  await dialog.getByRole('button', { name: '确定修改' }).click();
  await expect(dialog.getByText('原密码错误')).toBeVisible();

  await dialog.getByLabel('原密码').fill(company.password);
  await dialog.getByRole('button', { name: '确定修改' }).click();
  await expect(page.getByText('密码修改成功，其他设备上的登录已全部退出')).toBeVisible();
  await expect(dialog).toBeHidden();

  // This browser stays logged in with the fresh token (the page reloads its data with it, no 下线通知); the old
  // token is refused.
  await expect(page.getByText(/上次修改：/)).toBeVisible();
  await expect(page.getByRole('dialog').filter({ hasText: '下线通知' })).toHaveCount(0);
  const newToken = await sessionToken(page);
  expect(newToken).not.toBe(oldToken);
  await page.reload();
  await expect(page.getByTestId('header-user-name')).toHaveText(company.username);
  await expect(page).toHaveURL(/\/usercenter\/account\/safe$/);
  const old = await page.request.get('/auth/info/', { headers: { Authorization: `Bearer ${oldToken}` } });
  expect(old.status() === 401 || (await old.json()).code === 30001).toBe(true);
  await expect(page.getByText(/上次修改：/)).toBeVisible();
  await page.getByRole('tab', { name: '安全记录' }).click();
  await expect(page.getByRole('table', { name: '安全记录' }).getByText('修改密码')).toBeVisible();

  // The old password no longer opens the account; the new one does.
  await clearSession(page);
  await page.goto('/usercenter/checklogin/index');
  await loginThroughForm(page, company.username, company.password);
  await expect(page.getByText('用户名或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/usercenter\/checklogin\/index/);
  await loginThroughForm(page, company.username, newPassword);
  await expect(page).toHaveURL(/\/usercenter\/dashboard$/);
});

test('a company moves its mobile to a new number through the captcha and an SMS code to it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const company = await freshCompany(page, 'mob');
  const newMobile = uniqueMobile();
  await openSafePage(page);
  await expect(
    page.getByText(`已绑定手机：${company.mobile.slice(0, 3)}****${company.mobile.slice(7)}`),
  ).toBeVisible();

  await page.getByRole('button', { name: '修改绑定手机' }).click();
  const dialog = page.getByRole('dialog', { name: '修改手机' });

  // The registration code went to the current mobile a moment ago (one code a minute per mobile): the password
  // proves the owner here; the code to the current mobile is covered by the dialog's own tests.
  await test.step('re-authenticate with the password', async () => {
    await dialog.getByRole('button', { name: '下一步' }).click();
    await expect(dialog.getByText('请输入密码')).toBeVisible();
    await dialog.getByLabel('登录密码').fill('Wrong2024ab');
    await dialog.getByRole('button', { name: '下一步' }).click();
    await expect(dialog.getByText(/密码错误/)).toBeVisible();
    await dialog.getByLabel('登录密码').fill(company.password);
    await dialog.getByRole('button', { name: '下一步' }).click();
  });

  await test.step('prove the new mobile with its own code', async () => {
    await dialog.getByLabel('新手机号').fill(newMobile);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog.getByText('请先获取验证码')).toBeVisible();
    const since = Date.now() - 5_000;
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await solveSliderCaptcha(page, newMobile);
    const code = await latestSmsCode(page, newMobile, 'rebind', since);
    await dialog.getByLabel('验证码').fill(code);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog.getByText('手机号修改成功')).toBeVisible();
    await dialog.getByRole('button', { name: '完成' }).click();
  });

  const masked = `${newMobile.slice(0, 3)}****${newMobile.slice(7)}`;
  await expect(page.getByText(`已绑定手机：${masked}`)).toBeVisible();
  await page.goto('/usercenter/account/info');
  await expect(page.getByTestId('account-info-page').getByText(masked)).toBeVisible();
});

test('a company binds an email through the link of the confirmation mail', async ({ page }) => {
  test.setTimeout(90_000);
  const company = await freshCompany(page, 'mail');
  const email = `${company.username}@example.com`;
  await openSafePage(page);

  await page.getByRole('button', { name: '绑定邮箱' }).click();
  const dialog = page.getByRole('dialog', { name: '绑定邮箱' });
  await dialog.getByLabel('登录密码').fill(company.password);
  await dialog.getByRole('button', { name: '下一步' }).click();
  await dialog.getByLabel('邮箱地址').fill(email);
  await dialog.getByRole('button', { name: '发送确认邮件' }).click();
  await expect(dialog.getByText('确认邮件已发送', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: '我知道了' }).click();
  await expect(page.getByTestId('account-safe-page').getByText('待确认')).toBeVisible();

  let link = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/__dev/mail?to=${encodeURIComponent(email)}`);
      const mails = ((await res.json()) as { data: { text: string }[] }).data;
      link = mails[0]?.text.match(/https?:\/\/\S+\/api\/bind\/email\/\?token=[\w-]+/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  await page.goto(link);
  await expect(page.getByText('邮箱绑定成功').first()).toBeVisible();

  await openSafePage(page);
  const safe = page.getByTestId('account-safe-page');
  await expect(safe.getByText('已绑定', { exact: true }).nth(1)).toBeVisible();
  await expect(safe.getByText(/已绑定邮箱：/)).toBeVisible();
  await page.goto('/usercenter/account/info');
  await expect(page.getByTestId('account-info-page').getByText(email)).toBeVisible();
});
