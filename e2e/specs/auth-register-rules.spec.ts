// Journey: every registration rule of docs/requirements.md §5 shows its message when broken.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { requestSmsCode, uniqueMobile } from './support';

function registerForm(page: Page): Locator {
  return page.locator('form[id="register"]');
}

/** Types a value into a field and expects the rule's message. */
async function expectMessage(form: Locator, label: string, value: string, message: string) {
  const input = form.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.blur();
  await expect(form.getByText(message, { exact: true })).toBeVisible();
}

test('an empty registration shows every "required" message', async ({ page }) => {
  await page.goto('/usercenter/register');
  const form = registerForm(page);
  await form.getByRole('button', { name: '注册' }).click();
  for (const message of [
    '请输入公司名称',
    '请输入用户名',
    '请输入密码',
    '请输入确认密码',
    '手机号码有误',
    '请先获取验证码',
    '请先同意条款',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(/\/usercenter\/register$/);
});

test('each broken rule shows its own message', async ({ page }) => {
  await page.goto('/usercenter/register');
  const form = registerForm(page);

  await expectMessage(form, '公司名称', '20240101', '请输入正确的公司名称');
  await expectMessage(
    form,
    '公司名称',
    '深圳市一二三四五六七八九十一二三四五六七八九十有限公司',
    '公司名称长度不能大于25位',
  );
  await expectMessage(form, '用户名', 'ab12', '账号长度至少为6位');
  await expectMessage(form, '用户名', 'abcdefgh123456789', '账号长度不能大于16位');
  await expectMessage(form, '用户名', '1abcdefg', '请使用以字母开头的用户名');
  await expectMessage(form, '密码', 'Abc123', '密码长度至少为8位');
  await expectMessage(form, '密码', 'abcdefghij', '请设置字母数字混合密码');
  await form.getByLabel('密码', { exact: true }).fill('Abcd12345');
  await expectMessage(form, '确认密码', 'Abcd123456', '两次输入的密码不一致');
  await expectMessage(form, '手机号码', '12345678901', '手机号码有误');

  // No puzzle until the first five fields hold: the code button points at what is wrong.
  await form.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('dialog', { name: '请完成安全验证' })).toHaveCount(0);
  await expect(form.getByText('两次输入的密码不一致')).toBeVisible();
});

test('the code: first requested, then required, then four digits; the terms must be agreed', async ({
  page,
}) => {
  const mobile = uniqueMobile();
  await page.goto('/usercenter/register');
  const form = registerForm(page);
  await form.getByLabel('公司名称', { exact: true }).fill('深圳市规则验证科技有限公司');
  await form.getByLabel('用户名', { exact: true }).fill('rulecheck01');
  await form.getByLabel('密码', { exact: true }).fill('Rule12345');
  await form.getByLabel('确认密码', { exact: true }).fill('Rule12345');
  await form.getByLabel('手机号码', { exact: true }).fill(mobile);

  await form.getByRole('button', { name: '注册' }).click();
  await expect(form.getByText('请先获取验证码', { exact: true })).toBeVisible();
  await expect(form.getByText('请先同意条款', { exact: true })).toBeVisible();

  await requestSmsCode(page, form, mobile, 'register');
  await form.getByRole('button', { name: '注册' }).click();
  await expect(form.getByText('请输入验证码', { exact: true })).toBeVisible();
  await expect(form.getByText('请先获取验证码', { exact: true })).toHaveCount(0);
  await expectMessage(form, '验证码', '12', '验证码输入有误');
  await expectMessage(form, '验证码', '12ab', '验证码输入有误');

  await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await expect(form.getByText('请先同意条款', { exact: true })).toHaveCount(0);
  const agreement = form.getByRole('link', { name: '《用户服务协议》' });
  await expect(agreement).toHaveAttribute('href', '/agreement.html');
  await expect(agreement).toHaveAttribute('target', '_blank');
});
