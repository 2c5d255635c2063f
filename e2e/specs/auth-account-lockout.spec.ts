// Journey: five wrong passwords lock goldvip01; the right password then opens the puzzle (keyed by the username)
// and, once it is solved, the same login goes through. It runs before the find-password journey (file order),
// which changes goldvip01's password.
import { expect, type Page, test } from '@playwright/test';
import { loginThroughForm, solveSliderCaptcha } from './support';

const GOLD = { username: 'goldvip01', password: 'Gold12345' } as const;
const LOCKED_MESSAGE = '登录失败次数过多，请完成拼图验证后再登录';

/** Submits the login form and waits for the server's answer (the server slows repeated failures down). */
async function submitLogin(page: Page, password: string) {
  const answered = page.waitForResponse((r) => r.url().includes('/auth/login/'));
  await loginThroughForm(page, GOLD.username, password);
  const body = (await (await answered).json()) as { code: number; data: unknown };
  return body;
}

test('a locked account is let in with the right password after the puzzle', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/usercenter/checklogin/index');
  const puzzle = page.getByRole('dialog', { name: '请完成安全验证' });

  for (let i = 1; i <= 5; i += 1) {
    const answer = await submitLogin(page, `Wrong${i}2345`);
    expect([20001, 20002], `answer to wrong password ${i}`).toContain(answer.code);
    // The failure that reaches the limit may already ask for the puzzle: put it away for now.
    if (answer.code === 20002 && JSON.stringify(answer.data) === JSON.stringify({ captcha: true })) {
      await expect(puzzle).toBeVisible();
      await puzzle.getByRole('button', { name: '关闭' }).click();
      await expect(puzzle).toBeHidden();
    }
  }

  const locked = await submitLogin(page, GOLD.password);
  expect(locked).toEqual({ code: 20002, message: LOCKED_MESSAGE, data: { captcha: true } });
  // The newest toast: the one of the 5th answer may still be fading out beside it.
  await expect(page.getByText(LOCKED_MESSAGE).last()).toBeVisible();
  await expect(puzzle).toBeVisible();

  // Solving it sends the same login again by itself.
  const again = page.waitForResponse((r) => r.url().includes('/auth/login/'));
  await solveSliderCaptcha(page, GOLD.username);
  expect(((await (await again).json()) as { code: number }).code).toBe(200);
  await expect(page).toHaveURL(/\/usercenter\/dashboard$/);
  await expect(page.getByTestId('header-user-name')).toHaveText(GOLD.username);
});
