// Shared steps of the journeys: logging in (through the real form, or the API the form calls), member data,
// redemption cards, the slider captcha and SMS codes; a server of a journey's own and a console staff account on it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { DAY_MS, type Envelope, STAFF_TOTP_DIGITS } from '@uc/shared';
import { generate } from 'otplib';

export interface Account {
  username: string;
  password: string;
}

export const DEMO: Account = { username: 'demouser', password: 'Demo12345' };

export async function loginThroughForm(
  page: Page,
  username: string = DEMO.username,
  password: string = DEMO.password,
) {
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Logs in through the real login form and lands on the dashboard (the journey of docs/requirements.md §4). */
export async function loginWithForm(page: Page, account: Account = DEMO) {
  await page.goto('/usercenter/checklogin/index');
  await loginThroughForm(page, account.username, account.password);
  await expect(page).toHaveURL(/\/usercenter\/dashboard$/);
}

/**
 * Starts a session the way the login form does (POST auth/login/ type 2 with the password's SHA-256, then the
 * cookies the app stores: token, user payload, user id) and opens `at`. Journeys about other things than the
 * login form start here, one page load instead of three.
 */
export async function login(page: Page, account: Account = DEMO, at = '/usercenter/dashboard') {
  await leaveApp(page);
  const res = await page.request.post('/auth/login/', {
    form: {
      username: account.username,
      password: createHash('sha256').update(account.password).digest('hex'),
    },
  });
  const body = (await res.json()) as { code: number; message: string; data: { token: string } | null };
  expect(body.code, `login of ${account.username}: ${body.message}`).toBe(200);
  const token = body.data?.token ?? '';
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    user_id: number;
  };
  // The server that answered: the project's, or a journey's own (the context's baseURL).
  const { origin } = new URL(res.url());
  await page.context().addCookies(
    [
      ['CCW-Token', token],
      ['CCW-User', encodeURIComponent(JSON.stringify(payload))],
      ['CCW-ID', String(payload.user_id)],
    ].map(([name, value]) => ({
      name: name ?? '',
      value: value ?? '',
      url: origin,
      sameSite: 'Lax' as const,
    })),
  );
  watchPage(page);
  await page.goto(at);
  await pageLive(page);
}

/** What a page reported that a journey does not see: its errors, failed requests and React's warnings. */
const reports = new WeakMap<Page, string[]>();

function watchPage(page: Page) {
  if (reports.has(page)) return;
  const lines: string[] = [];
  reports.set(page, lines);
  const keep = (line: string) => {
    lines.push(line.slice(0, 300));
    if (lines.length > 20) lines.shift();
  };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') keep(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => keep(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => keep(`requestfailed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
}

/**
 * Waits until a page the server drew is live (the hydration committed: apps/web/src/main.tsx marks it): a journey acts
 * on the page, not on the drawing before its scripts run, whose early input first-view.spec.ts tests on its own.
 * Now and then, on a loaded machine, a drawn page did not go live (about two page loads in a run of 144 journeys). One
 * cause is fixed: a drawing whose session answers the app could not take was rendered over without handing back the
 * boot script's held clicks. If it happens again, what the page knows is printed and kept as the test's `not-live`
 * annotation (its `boot:` marks say which step of apps/web/src/main.tsx it reached, its console and failed requests
 * what it reported), and the page is loaded once more (docs/testing.md).
 */
export async function pageLive(page: Page) {
  if ((await page.locator('#root[data-first-view]').count()) === 0) return;
  const live = page.locator('html');
  try {
    await expect(live).toHaveAttribute('data-live', '', { timeout: 20_000 });
    return;
  } catch {
    const facts = await page.evaluate(() => ({
      url: location.pathname,
      ready: document.readyState,
      scripts: performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).length,
      lastScriptMs: Math.max(
        0,
        ...performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('.js'))
          .map((e) => Math.round(e.startTime + e.duration)),
      ),
      nowMs: Math.round(performance.now()),
      marks: performance.getEntriesByType('mark').map((m) => `${m.name}@${Math.round(m.startTime)}`),
    }));
    const reported = reports.get(page) ?? [];
    const description = `a drawn page did not go live: ${JSON.stringify({ ...facts, reported })}`;
    console.log(description);
    test.info().annotations.push({ type: 'not-live', description });
  }
  await page.reload();
  await expect(live).toHaveAttribute('data-live', '', { timeout: 30_000 });
}

/**
 * Leaves the app before its cookies change under it: an open page follows the token cookie (session sync reloads
 * within 5 s of a change), and that reload would race the next `page.goto`.
 */
export async function leaveApp(page: Page) {
  if (page.url() !== 'about:blank') await page.goto('about:blank');
}

/** Drops the session's cookies with no page of the app open to react to it. */
export async function clearSession(page: Page) {
  await leaveApp(page);
  await page.context().clearCookies();
}

export async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((c) => c.name);
}

// ---- Member data: the demo accounts by role, the API as the page sees it, charts ----

export const TRIAL: Account = { username: 'trialuser', password: 'Trial12345' };
export const SUB: Account = { username: 'demosub01', password: 'Demo12345' };
/** A trial member with customers, who pays the VIP tools per use. */
export const PAYPER: Account = { username: 'payper01', password: 'Payper123' };

/**
 * Adds `keyword` as a tag in 推送设置's 关键词 select. An Enter on the server's drawing before the app is live is not
 * replayed (only typing and clicks are), so it is pressed again until the select takes it.
 */
export async function addKeyword(page: Page, keyword: string) {
  const keywords = page.getByRole('combobox', { name: '关键词' });
  await expect(async () => {
    await keywords.fill(keyword);
    await keywords.press('Enter');
    await expect(page.locator('.ant-select-selection-item', { hasText: keyword })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass();
}

/** The payer scans the order page's QR code: its 无法扫码 link opens the sandbox's 模拟支付 page, which confirms it. */
export async function payAtSandbox(page: Page) {
  const url = await page.getByRole('link', { name: /无法扫码/ }).getAttribute('href');
  expect(url).toBeTruthy();
  await confirmAtSandbox(page, url ?? '');
}

/** Opens a sandbox 模拟支付 link (a QR code's payload) in a new tab of the page's context and confirms it. */
export async function confirmAtSandbox(page: Page, url: string) {
  const sandbox = await page.context().newPage();
  await sandbox.goto(url);
  await sandbox.getByRole('button', { name: '确认支付' }).click();
  await expect(sandbox.getByText('模拟支付已完成')).toBeVisible();
  await sandbox.close();
}

/** A batch of redemption cards written by the cards command on the server (POST /__dev/cards), as its CSV rows. */
export async function cardBatch(page: Page, name: string, grant: string, count: number) {
  const expires = new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10);
  const res = await page.request.post('/__dev/cards', {
    data: { name, grant, count: String(count), expires },
  });
  const body = (await res.json()) as Envelope<{ csv: string }>;
  expect(res.status(), body.message).toBe(200);
  const [header, ...rows] = body.data.csv.trim().split('\n');
  expect(header).toBe('card_no,card_secret');
  return rows.map((row) => {
    const [no = '', secret = ''] = row.split(',');
    return { no, secret };
  });
}

/** Binds a card in 我的卡券's 绑定卡券 dialog (the page open). */
export async function bindInDialog(page: Page, card: { no: string; secret: string }) {
  await page.getByRole('button', { name: '绑定卡券' }).click();
  const dialog = page.getByRole('dialog', { name: '绑定卡券' });
  await dialog.getByLabel('卡号').fill(card.no);
  // Typed as a person would: lower case, in groups of four.
  await dialog.getByLabel('卡密').fill(card.secret.toLowerCase().replace(/(.{4})(?=.)/g, '$1 '));
  await dialog.getByRole('button', { name: /绑\s*定/ }).click();
}

/**
 * Picks a customer in a policy tool's picker by typing part of its name (`query`) and taking the first suggestion,
 * then goes on with the page's `action` button.
 */
export async function pickCustomer(page: Page, action: string, query = '深圳') {
  const picker = page.getByRole('combobox', { name: '选择客户' });
  await picker.click();
  await picker.fill(query);
  const option = page.locator('.ant-select-item-option').first();
  await expect(option).toBeVisible();
  await option.click();
  await page.getByRole('button', { name: action }).click();
}

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

/**
 * Scrolls `target` into view, again if it is replaced meanwhile: a card below the fold stands in for itself until it
 * comes near the viewport, then the real one takes its place (its test id included).
 */
export async function bringIntoView(target: Locator) {
  await expect(async () => {
    await target.scrollIntoViewIfNeeded({ timeout: 2_000 });
  }).toPass();
}

/** Resolves once the page's push socket is attached on the server (the "connected" frame it sends then). */
export function pushConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/ws/msg/')) return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"connected"')) resolve();
      });
    });
  });
}

/**
 * Brings each placeholder (`.ant-skeleton`) near the viewport in turn until none is left: charts and the cards below
 * the fold are drawn only as they come near it, so one jump to the bottom would pass the ones in between.
 */
export async function revealPlaceholders(page: Page) {
  const placeholders = page.locator('.ant-skeleton');
  await expect
    .poll(
      async () => {
        // A placeholder replaced while being scrolled to is what is wanted: ask again.
        if ((await placeholders.count()) > 0)
          await placeholders
            .first()
            .scrollIntoViewIfNeeded({ timeout: 2_000 })
            .catch(() => undefined);
        return placeholders.count();
      },
      { timeout: 20_000 },
    )
    .toBe(0);
}

/** Expects a canvas with a non-zero size inside the element (an ECharts chart that rendered, once near the viewport). */
export async function expectChartDrawn(page: Page, testId: string) {
  const scope = page.getByTestId(testId);
  const canvas = scope.locator('canvas').first();
  // Until the chart is drawn its placeholder stands in for it: bring that near the viewport.
  await expect
    .poll(async () => {
      const placeholder = scope.locator('.ant-skeleton').first();
      if ((await canvas.count()) === 0 && (await placeholder.count()) > 0)
        await placeholder.scrollIntoViewIfNeeded({ timeout: 2_000 }).catch(() => undefined);
      return canvas.count();
    })
    .toBeGreaterThan(0);
  await canvas.scrollIntoViewIfNeeded();
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

/**
 * The element's box once it has stopped moving (antd's dialogs zoom in): a trial hover performs only Playwright's
 * actionability checks, which wait for the same box in two consecutive animation frames.
 */
async function settledBox(locator: Locator) {
  await locator.hover({ trial: true });
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element has no box');
  return box;
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
  // The pauses are the gesture's pace, not waits for the page: the server checks that the trail's timing is human.
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

/**
 * Solves the open captcha dialog for `key` with the answer of /__dev/captcha; waits until it closes. The pass is
 * read from the server's answer: 验证通过 shows for only 500 ms before the dialog goes on, which a loaded machine
 * can miss between two looks.
 */
export async function solveSliderCaptcha(page: Page, key: string) {
  const dialog = page.getByRole('dialog', { name: '请完成安全验证' });
  await expect(dialog.getByAltText('拼图验证背景')).toBeVisible();
  const x = await captchaAnswer(page, key);
  const verdict = page.waitForResponse(
    (r) => r.url().includes('/api/slider_code/') && r.request().method() === 'POST',
  );
  await dragSlider(page, x);
  const body = (await (await verdict).json()) as { code: number; data: unknown };
  expect(body, 'the puzzle is passed').toEqual(expect.objectContaining({ code: 200, message: '验证通过' }));
  expect(body.data, 'the puzzle is passed').not.toHaveProperty('code');
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

/**
 * A new company registered through the form (a fresh name and mobile, whoever was signed in before), then signed
 * in at `at`: its account.
 */
export async function registerCompany(
  page: Page,
  prefix: string,
  password: string,
  at = '/usercenter/dashboard',
) {
  const username = uniqueUsername(prefix);
  await clearSession(page);
  await page.goto('/usercenter/register');
  await registerThroughForm(page, {
    company: `深圳市${username.slice(-4)}科技有限公司`,
    username,
    password,
    mobile: uniqueMobile(),
  });
  await expect(page.getByText('注册成功')).toBeVisible();
  await login(page, { username, password }, at);
  return { username, password };
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

/** The built server (apps/server/dist): the journeys run after the build. */
export const SERVER_DIST = join(dirname(fileURLToPath(import.meta.url)), '../../apps/server/dist');

/** A server a journey starts for itself (settings of its own, a database it can reach): its origin and its end. */
export interface OwnServer {
  origin: string;
  /** Its data folder (DATA_DIR), for a command run against its database. */
  dataDir: string;
  /** The environment it runs with, for such a command. */
  env: NodeJS.ProcessEnv;
  stop(): void;
}

/** Starts the built server on a free port, on a fresh SQLite database, and resolves once it listens. */
export function startOwnServer(settings: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'uc-e2e-own-'));
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'info',
    ...settings,
  };
  const child: ChildProcess = spawn(process.execPath, [join(SERVER_DIST, 'main.js')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
  });
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const port = /localhost:(\d+)\/usercenter/.exec(buffered)?.[1];
      if (port) {
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolve({ origin: `http://127.0.0.1:${port}`, dataDir, env, stop: () => child.kill('SIGTERM') });
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

/**
 * `npm run staff -- create ...` against a journey's own server (its built script: the journeys run after the build):
 * the TOTP secret it prints.
 */
export function createStaffAccount(
  server: OwnServer | undefined,
  username: string,
  password: string,
  role: string,
) {
  const run = spawnSync(
    process.execPath,
    [
      join(SERVER_DIST, 'modules/staff/cli.js'),
      'create',
      '--username',
      username,
      '--password',
      password,
      '--role',
      role,
    ],
    { env: server?.env, encoding: 'utf8' },
  );
  const secret = /otpauth:\/\/\S*[?&]secret=([A-Z2-7]+)/.exec(run.stdout)?.[1];
  if (run.status !== 0 || !secret) throw new Error(`staff create failed: ${run.stdout}\n${run.stderr}`);
  return secret;
}

/** Signs a staff account in at /admin/ with its password and the code an authenticator app would show now. */
export async function signInConsole(page: Page, username: string, password: string, secret: string) {
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByLabel('动态码').fill(await generate({ secret, digits: STAFF_TOTP_DIGITS }));
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/**
 * The server of a console journey's describe block: its own (the staff command line writes to its database), started
 * before the block's tests and stopped after (a SQLite one: the console journeys run in the SQLite project only,
 * e2e/playwright.config.ts). The returned function gives the running server.
 */
export function useConsoleServer(settings: Record<string, string> = {}): () => OwnServer {
  let server: OwnServer | undefined;
  test.beforeAll(async () => {
    server = await startOwnServer(settings);
  });
  test.afterAll(() => {
    server?.stop();
  });
  return () => {
    if (!server) throw new Error('the console server is not running');
    return server;
  };
}

/**
 * A new staff account of `role` on `server`, signed in to /admin/ in a browser context of its own at 1280 px. Every
 * sign-in is a new account: a TOTP code is accepted once, so a second sign-in within the same 30 s would be refused.
 */
export async function signInNewStaff(
  browser: Browser,
  server: OwnServer,
  role: 'admin' | 'ops' | 'finance' | 'service',
  prefix: string = role,
): Promise<{ context: BrowserContext; page: Page; username: string }> {
  const username = `${prefix}${Date.now() % 100000}`;
  const password = 'Console2026ab';
  const secret = createStaffAccount(server, username, password, role);
  const context = await browser.newContext({
    baseURL: server.origin,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  await signInConsole(page, username, password, secret);
  return { context, page, username };
}

/**
 * A full-page screenshot for a review of the pages, taken only when SHOTS_DIR names a folder
 * (`SHOTS_DIR=/tmp/shots npx playwright test ...`); a run without it draws nothing extra.
 */
export async function reviewShot(page: Page, name: string, fullPage = true): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, name), fullPage });
}
