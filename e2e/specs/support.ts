// Shared steps of the journeys: logging in through the real login form.
import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO = { username: 'demouser', password: 'Demo12345' } as const;

export async function loginThroughForm(
  page: Page,
  username: string = DEMO.username,
  password: string = DEMO.password,
) {
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

export async function login(page: Page, username: string = DEMO.username, password: string = DEMO.password) {
  await page.goto('/usercenter/checklogin/index');
  await loginThroughForm(page, username, password);
  await expect(page).toHaveURL(/\/usercenter\/dashboard$/);
}

export async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((c) => c.name);
}

// ---- Member data: the demo accounts by role, the API as the page sees it, charts ----

export const TRIAL = { username: 'trialuser', password: 'Trial12345' } as const;
export const SUB = { username: 'demosub01', password: 'Demo12345' } as const;

/** The session token the app keeps in the CCW-Token cookie. */
export async function sessionToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'CCW-Token');
  if (!cookie) throw new Error('no CCW-Token cookie: log in first');
  return cookie.value;
}

/**
 * GETs an API path with the page's session, the way the app does (bearer token), and returns the envelope's
 * data: what the database holds, to compare with what the page shows.
 */
export async function apiData<T>(
  page: Page,
  path: string,
  params?: Record<string, string | number>,
): Promise<T> {
  const token = await sessionToken(page);
  const res = await page.request.get(path, { headers: { Authorization: `Bearer ${token}` }, params });
  expect(res.status(), `${path} answers 200`).toBe(200);
  const body = (await res.json()) as { code: number; data: T };
  expect(body.code, `${path} answers code 200`).toBe(200);
  return body.data;
}

/** The runtime settings the server injected into index.html. */
export async function runtimeSettings(page: Page): Promise<{ toolHosts: string[]; mainSiteUrl: string }> {
  return page.evaluate(() => JSON.parse(document.getElementById('uc-runtime-config')?.textContent || '{}'));
}

/** Expects a canvas with a non-zero size inside the element (an ECharts chart that rendered). */
export async function expectChartDrawn(page: Page, testId: string) {
  const canvas = page.getByTestId(testId).locator('canvas').first();
  await expect(canvas).toBeVisible();
  await expect
    .poll(async () => {
      const box = await canvas.boundingBox();
      return box ? Math.min(box.width, box.height) : 0;
    })
    .toBeGreaterThan(50);
}

// ---- Sign-up and sign-in: unique accounts, the slider captcha and SMS codes (dev helpers of the server) ----

/** A mobile no seeded account uses: 139 and eight digits from the clock and chance. */
export function uniqueMobile(): string {
  const tail =
    `${Date.now() % 1_000_000}`.padStart(6, '0') + `${Math.floor(Math.random() * 100)}`.padStart(2, '0');
  return `139${tail}`;
}

/** A fresh username: a letter first, letters and digits, 6-16 characters. */
export function uniqueUsername(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`.slice(
    0,
    16,
  );
}

/** Waits until an element stops moving (antd's dialogs zoom in). */
async function settledBox(locator: Locator) {
  let previous = await locator.boundingBox();
  for (let i = 0; i < 40; i += 1) {
    await locator.page().waitForTimeout(50);
    const box = await locator.boundingBox();
    if (box && previous && box.x === previous.x && box.y === previous.y && box.width === previous.width)
      return box;
    previous = box;
  }
  if (!previous) throw new Error('the element has no box');
  return previous;
}

/** The answer of the current puzzle for a key, from GET /__dev/captcha. */
export async function captchaAnswer(page: Page, key: string): Promise<number> {
  const res = await page.request.get(`/__dev/captcha?key=${encodeURIComponent(key)}`);
  expect(res.ok(), `no captcha challenge for ${key}`).toBe(true);
  const body = (await res.json()) as { data: { x: number } };
  return body.data.x;
}

/**
 * Drags the slider of the open captcha dialog to `x` like a hand: pressed, moved in steps over about
 * 600 ms with a small vertical wobble, released. The handle moves with the piece, one pixel for one.
 */
export async function dragSlider(page: Page, x: number, options: { release?: boolean } = {}) {
  const dialog = page.getByRole('dialog', { name: '请完成安全验证' });
  const handle = dialog.getByRole('slider', { name: '拖动滑块完成拼图' });
  await expect(handle).toHaveAttribute('aria-disabled', 'false');
  const box = await settledBox(handle);
  const startX = box.x + box.width / 2;
  const startY = box.y + box.height / 2;
  await page.mouse.move(startX, startY);
  await page.mouse.down();
  const steps = 14;
  for (let i = 1; i <= steps; i += 1) {
    const eased = 1 - (1 - i / steps) ** 2;
    await page.mouse.move(startX + x * eased, startY + ((i % 3) - 1) * 1.5);
    await page.waitForTimeout(45);
  }
  await page.mouse.move(startX + x, startY);
  if (options.release === false) return;
  await page.waitForTimeout(60);
  await page.mouse.up();
}

/** Solves the open captcha dialog for `key` with the answer of /__dev/captcha; waits until it closes. */
export async function solveSliderCaptcha(page: Page, key: string) {
  const dialog = page.getByRole('dialog', { name: '请完成安全验证' });
  await expect(dialog.getByAltText('拼图验证背景')).toBeVisible();
  await dragSlider(page, await captchaAnswer(page, key));
  await expect(dialog.getByText('验证通过')).toBeVisible();
  await expect(dialog).toBeHidden();
}

export interface SentSms {
  phone: string;
  code: string;
  purpose: string;
  sentAt: string;
}

/** The SMS messages sent to a mobile, newest first (GET /__dev/sms). */
export async function smsOutbox(page: Page, phone: string): Promise<SentSms[]> {
  const res = await page.request.get(`/__dev/sms?phone=${encodeURIComponent(phone)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: SentSms[] }).data;
}

/** The newest code of a purpose sent to a mobile after `since` (waits for it to arrive). */
export async function latestSmsCode(page: Page, phone: string, purpose: string, since = 0): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const sms = (await smsOutbox(page, phone)).find(
        (m) => m.purpose === purpose && Date.parse(m.sentAt) >= since,
      );
      code = sms?.code ?? '';
      return code;
    })
    .toMatch(/^\d{4}$/);
  return code;
}

/**
 * Presses 获取验证码 inside `scope`, solves the puzzle for `mobile` and returns the code sent for `purpose`
 * once the button counts down.
 */
export async function requestSmsCode(page: Page, scope: Locator, mobile: string, purpose: string) {
  const since = Date.now() - 5_000;
  await scope.getByRole('button', { name: '获取验证码' }).click();
  await solveSliderCaptcha(page, mobile);
  await expect(scope.getByRole('button', { name: /s后重新获取$/ })).toBeDisabled();
  return latestSmsCode(page, mobile, purpose, since);
}

export interface Registration {
  company: string;
  username: string;
  password: string;
  mobile: string;
}

/** Fills the open registration page, gets the SMS code through the puzzle, agrees to the terms and submits. */
export async function registerThroughForm(page: Page, registration: Registration) {
  const form = page.locator('form[id="register"]');
  await form.getByLabel('公司名称').fill(registration.company);
  await form.getByLabel('用户名').fill(registration.username);
  await form.getByLabel('密码', { exact: true }).fill(registration.password);
  await form.getByLabel('确认密码').fill(registration.password);
  await form.getByLabel('手机号码').fill(registration.mobile);
  const code = await requestSmsCode(page, form, registration.mobile, 'register');
  await form.getByLabel('验证码').fill(code);
  await form.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await form.getByRole('button', { name: '注册' }).click();
}
