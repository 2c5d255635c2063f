// Journey: one session per account. A login in a second browser pushes code 1 to the first one, which shows
// the warning with a 6-second countdown and is logged out when it runs out.
import { expect, test } from '@playwright/test';
import { login } from './support';

test('logging in elsewhere forces the first browser out with the warning', async ({ browser }) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const page = await first.newPage();
    const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/ws/msg/'));
    await login(page);
    const ws = await socket;
    expect(ws.url()).toMatch(/\/ws\/msg\/\d+\/\?token=/);

    await login(await second.newPage());

    const dialog = page
      .getByRole('dialog')
      .filter({ hasText: '账号已在别处登录了，如非本人操作，请及时修改密码！' });
    await expect(dialog).toBeVisible();
    // The forced logout counts 6 seconds down, visibly, then logs out by itself. (A busy machine may show the
    // dialog a second late: the journey reads the first number it sees and waits for a smaller one.)
    const countdown = dialog.getByRole('timer');
    await expect(countdown).toHaveText(/^[1-6] 秒后自动退出$/);
    const seconds = async () =>
      Number(
        /^(\d) 秒后自动退出$/.exec(
          (await countdown.textContent({ timeout: 1_000 }).catch(() => '')) ?? '',
        )?.[1] ?? 0,
      );
    const shown = await seconds();
    // The session ended at once: the token is gone before the user answers.
    await expect.poll(async () => (await first.cookies()).some((c) => c.name === 'CCW-Token')).toBe(false);
    if (shown > 1) await expect.poll(seconds, { timeout: 3_000 }).toBeLessThan(shown);
    await expect(page).toHaveURL(/\/usercenter\/checklogin\/index/);
    await expect(dialog).toBeHidden();

    // The second browser keeps its session.
    const other = second.pages()[0];
    if (!other) throw new Error('the second page is gone');
    await other.reload();
    await expect(other.getByTestId('header-user-name')).toHaveText('demouser');
  } finally {
    await first.close();
    await second.close();
  }
});
