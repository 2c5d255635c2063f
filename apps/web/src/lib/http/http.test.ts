// The wiring of the one axios instance, through the real instance and its interceptors; only the transport is
// replaced (a custom adapter), so no request leaves the test.
import { ApiError } from '@uc/client';
import { COOKIE, MSG } from '@uc/shared';
import { type AxiosAdapter, AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../routing/navigator';
import { confirmDialog, toastError } from '../ui/feedback';
import { http } from './http';

vi.mock('../ui/feedback', () => ({ confirmDialog: vi.fn(async () => false), toastError: vi.fn() }));
vi.mock('../routing/navigator', () => ({ navigateTo: vi.fn(), currentAppPath: () => '/news' }));

type Reply = { status: number; data: unknown } | ((config: InternalAxiosRequestConfig) => never);

let sent: InternalAxiosRequestConfig[] = [];
let reply: Reply = { status: 200, data: { code: 200, message: 'ok', data: null } };

/** Answers like axios's own adapters: settles on validateStatus, rejects non-2xx with the response. */
const adapter: AxiosAdapter = async (config) => {
  sent.push(config);
  if (typeof reply === 'function') return reply(config);
  const response: AxiosResponse = {
    data: reply.data,
    status: reply.status,
    statusText: '',
    headers: {},
    config,
    request: {},
  };
  if (config.validateStatus?.(reply.status) ?? true) return response;
  throw new AxiosError(
    `Request failed with status code ${reply.status}`,
    AxiosError.ERR_BAD_RESPONSE,
    config,
    {},
    response,
  );
};

const last = () => sent.at(-1) as InternalAxiosRequestConfig;

async function failure(request: Promise<unknown>): Promise<ApiError> {
  const error = await request.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const ORIGINAL_ADAPTER = http.defaults.adapter;

beforeEach(() => {
  sent = [];
  reply = { status: 200, data: { code: 200, message: 'ok', data: null } };
  http.defaults.adapter = adapter;
});
afterEach(() => {
  http.defaults.adapter = ORIGINAL_ADAPTER;
  vi.clearAllMocks();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
});

describe('http request wiring', () => {
  it('sends the token cookie as a bearer header, and none without a token', async () => {
    Cookies.set(COOKIE.token, 'tok.en.1', { path: '/' });
    await http.get('auth/info/');
    expect(last().headers.get('Authorization')).toBe('Bearer tok.en.1');
    Cookies.remove(COOKIE.token, { path: '/' });
    await http.get('auth/info/');
    expect(last().headers.has('Authorization')).toBe(false);
  });

  it('accepts JSON, sends object bodies as JSON and includes the cookies', async () => {
    await http.post('/api/users/checkPassword/', { password: 'x' });
    expect(last().headers.get('Accept')).toBe('application/json');
    expect(String(last().headers.get('Content-Type'))).toMatch(/^application\/json/);
    expect(last().data).toBe('{"password":"x"}');
    expect(last().withCredentials).toBe(true);
  });

  it('times out after 200000 ms, 20000 ms with excu, 1200000 ms with excu tail_start', async () => {
    await http.get('/api/x/');
    expect(last().timeout).toBe(200_000);
    await http.post('/api/x/', { excu: 1 });
    expect(last().timeout).toBe(20_000);
    await http.get('/api/x/', { params: { excu: 'yes' } });
    expect(last().timeout).toBe(20_000);
    await http.post('/api/x/', { excu: 'tail_start' });
    expect(last().timeout).toBe(1_200_000);
    await http.get('/api/x/', { params: { excu: 'tail_start' } });
    expect(last().timeout).toBe(1_200_000);
    await http.get('/api/x/', { timeout: 5_000, params: { excu: 1 } });
    expect(last().timeout).toBe(5_000);
  });
});

describe('http failure wiring (docs/requirements.md §8)', () => {
  it('body code 30001 on HTTP 200 opens the re-login dialog and clears the session', async () => {
    Cookies.set(COOKIE.token, 'old', { path: '/' });
    reply = { status: 200, data: { code: 30001, message: '您的账号已在另一处登录', data: null } };
    const error = await failure(http.get('/api/ccw/member/management/getCusInfo/'));
    expect(error).toMatchObject({ kind: 'business', code: 30001, handledBy: 'relogin' });
    expect(confirmDialog).toHaveBeenCalledTimes(1);
    expect(confirmDialog).toHaveBeenCalledWith(
      expect.objectContaining({ title: '系统提示', content: '您的账号已在另一处登录', okText: '重新登录' }),
    );
    await vi.waitFor(() => expect(Cookies.get(COOKIE.token)).toBeUndefined());
  });

  it('goes to the login page with a redirect to the dashboard on 重新登录', async () => {
    vi.mocked(confirmDialog).mockResolvedValueOnce(true);
    reply = { status: 200, data: { code: 30001, message: '', data: null } };
    await failure(http.get('/api/x/'));
    expect(confirmDialog).toHaveBeenCalledWith(expect.objectContaining({ content: MSG.loggedInElsewhere }));
    await vi.waitFor(() =>
      expect(navigateTo).toHaveBeenCalledWith('/checklogin/index?redirect=/dashboard', { replace: true }),
    );
  });

  it('other body codes on HTTP 200 are the caller’s: resolved, nothing shown', async () => {
    reply = { status: 200, data: { code: 20001, message: '用户名或密码错误', data: null } };
    const res = await http.post('auth/login/', {});
    expect(res.data).toMatchObject({ code: 20001 });
    expect(confirmDialog).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('`silent` opts out of every reaction', async () => {
    reply = { status: 200, data: { code: 30001, message: 'x', data: null } };
    expect(await failure(http.post('auth/logout', {}, { silent: true }))).toMatchObject({
      code: 30001,
      handledBy: 'none',
    });
    reply = { status: 500, data: { code: 500, message: '服务器开小差了', data: null } };
    expect(await failure(http.get('/api/x/', { silent: true }))).toMatchObject({ status: 500 });
    expect(confirmDialog).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('`handleCodes` opts out of the listed body codes only', async () => {
    reply = { status: 200, data: { code: 30001, message: 'x', data: null } };
    expect(await failure(http.get('/api/x/', { handleCodes: [30001] }))).toMatchObject({
      code: 30001,
      handledBy: 'none',
    });
    expect(confirmDialog).not.toHaveBeenCalled();

    reply = { status: 400, data: { code: 20012, message: '请求失败', detail: '验证码已过期', data: null } };
    const handled = await failure(http.get('/api/message/', { handleCodes: [20012] }));
    expect(handled).toMatchObject({ code: 20012, status: 400, message: '验证码已过期', handledBy: 'none' });
    expect(toastError).not.toHaveBeenCalled();
    await failure(http.get('/api/message/', { handleCodes: [20004] }));
    expect(toastError).toHaveBeenCalledWith('验证码已过期');
  });

  it('a timeout is ETIMEDOUT (clarifyTimeoutError) and shows 请求超时!', async () => {
    reply = (config) => {
      // What axios's xhr and fetch adapters throw on a timeout.
      throw new AxiosError(
        `timeout of ${config.timeout}ms exceeded`,
        config.transitional?.clarifyTimeoutError ? AxiosError.ETIMEDOUT : AxiosError.ECONNABORTED,
        config,
      );
    };
    expect(await failure(http.get('/api/x/'))).toMatchObject({ kind: 'timeout', handledBy: 'toast' });
    expect(toastError).toHaveBeenCalledWith('请求超时!');
  });

  it('an aborted or canceled request shows nothing', async () => {
    reply = (config) => {
      throw new AxiosError('Request aborted', AxiosError.ECONNABORTED, config);
    };
    expect(await failure(http.get('/api/x/'))).toMatchObject({ kind: 'canceled', handledBy: 'none' });
    const controller = new AbortController();
    controller.abort();
    expect(await failure(http.get('/api/x/', { signal: controller.signal }))).toMatchObject({
      kind: 'canceled',
      handledBy: 'none',
    });
    expect(toastError).not.toHaveBeenCalled();
    expect(confirmDialog).not.toHaveBeenCalled();
  });

  it('no response shows the network message', async () => {
    reply = (config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    };
    expect(await failure(http.get('/api/x/'))).toMatchObject({ kind: 'network' });
    expect(toastError).toHaveBeenCalledWith(MSG.network);
  });
});
