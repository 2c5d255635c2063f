import { classifyError } from '@uc/client';
import { MSG } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { decideFailure, timeoutFor } from './http-policy';

describe('decideFailure (docs/requirements.md §8 generic catalogue)', () => {
  it('body code 30001: re-login dialog with the server message, back to the dashboard', () => {
    expect(decideFailure({ kind: 'business', code: 30001, message: '您的账号已在另一处登录' })).toEqual({
      type: 'relogin',
      message: '您的账号已在另一处登录',
      redirect: 'dashboard',
      forced: true,
    });
  });
  it('body code 30001 without a message uses the default text', () => {
    expect(decideFailure({ kind: 'business', code: 30001 })).toMatchObject({
      message: MSG.loggedInElsewhere,
    });
    expect(decideFailure({ kind: 'http', status: 401, code: 30001 })).toMatchObject({
      type: 'relogin',
      redirect: 'dashboard',
      message: MSG.loggedInElsewhere,
    });
  });
  it('other body codes are the caller’s business', () => {
    expect(decideFailure({ kind: 'business', code: 20001, message: '用户名或密码错误' })).toEqual({
      type: 'none',
    });
  });
  it('HTTP 401: session expired dialog, back to the current page', () => {
    expect(decideFailure({ kind: 'http', status: 401, code: 401, message: 'x' })).toEqual({
      type: 'relogin',
      message: MSG.sessionExpired,
      redirect: 'current',
    });
  });
  it('HTTP 403 and 503 navigate to their pages', () => {
    expect(decideFailure({ kind: 'http', status: 403 })).toEqual({ type: 'navigate', to: '/403' });
    expect(decideFailure({ kind: 'http', status: 503, detail: MSG.page503 })).toEqual({
      type: 'navigate',
      to: '/503',
    });
  });
  it('HTTP 502 shows the bad-gateway message', () => {
    expect(decideFailure({ kind: 'http', status: 502, detail: 'nginx' })).toEqual({
      type: 'toast',
      message: MSG.badGateway,
    });
  });
  it('other HTTP errors show the detail, else the message, else a fallback', () => {
    expect(
      decideFailure({ kind: 'http', status: 400, detail: '手机号码有误', message: '请求参数有误' }),
    ).toEqual({
      type: 'toast',
      message: '手机号码有误',
    });
    expect(decideFailure({ kind: 'http', status: 404, message: '请求的资源不存在' })).toEqual({
      type: 'toast',
      message: '请求的资源不存在',
    });
    expect(decideFailure({ kind: 'http', status: 500 })).toEqual({ type: 'toast', message: MSG.internal });
  });
  it('timeouts and network failures', () => {
    expect(decideFailure({ kind: 'timeout' })).toEqual({ type: 'toast', message: MSG.timeout });
    expect(decideFailure({ kind: 'network' })).toEqual({ type: 'toast', message: MSG.network });
    expect(decideFailure({ kind: 'canceled' })).toEqual({ type: 'none' });
  });
  it('honours the per-call opt-outs', () => {
    expect(decideFailure({ kind: 'http', status: 401 }, { silent: true })).toEqual({ type: 'none' });
    expect(decideFailure({ kind: 'network' }, { silent: true })).toEqual({ type: 'none' });
    expect(decideFailure({ kind: 'business', code: 30001 }, { handleCodes: [30001] })).toEqual({
      type: 'none',
    });
    expect(
      decideFailure({ kind: 'http', status: 400, code: 20012 }, { handleCodes: [20004, 20005, 20012] }),
    ).toEqual({
      type: 'none',
    });
  });
});

describe('classifyError', () => {
  it('recognises timeouts, cancellations and missing responses', () => {
    expect(classifyError({ code: 'ETIMEDOUT', message: 'timeout of 200000ms exceeded' })).toEqual({
      kind: 'timeout',
    });
    expect(classifyError({ code: 'ERR_CANCELED', name: 'CanceledError' })).toEqual({ kind: 'canceled' });
    expect(classifyError({ code: 'ERR_NETWORK', message: 'Network Error' })).toEqual({ kind: 'network' });
  });
  it('an aborted request (ECONNABORTED, the timeout is ETIMEDOUT) is canceled and shows nothing', () => {
    const aborted = classifyError({ code: 'ECONNABORTED', message: 'Request aborted' });
    expect(aborted).toEqual({ kind: 'canceled' });
    expect(decideFailure(aborted)).toEqual({ type: 'none' });
    expect(decideFailure(classifyError({ code: 'ETIMEDOUT' }))).toEqual({
      type: 'toast',
      message: MSG.timeout,
    });
    expect(MSG.timeout).toBe('请求超时!');
  });
  it('reads status, code, message and detail of an answered request', () => {
    expect(
      classifyError({
        response: {
          status: 400,
          data: { code: 400, message: '请求参数有误', detail: '缺少 gid', data: null },
        },
      }),
    ).toEqual({ kind: 'http', status: 400, code: 400, message: '请求参数有误', detail: '缺少 gid' });
    expect(classifyError({ response: { status: 502, data: '<html>' } })).toEqual({
      kind: 'http',
      status: 502,
    });
  });
});

describe('timeoutFor (docs/requirements.md §9)', () => {
  it('is 200000 ms by default', () => {
    expect(timeoutFor(undefined, undefined)).toBe(200_000);
    expect(timeoutFor({ a: 1 }, { excu: '' })).toBe(200_000);
  });
  it('is 20000 ms when the payload sets excu', () => {
    expect(timeoutFor({ excu: 1 }, undefined)).toBe(20_000);
    expect(timeoutFor(undefined, { excu: 'yes' })).toBe(20_000);
    expect(timeoutFor(new URLSearchParams('excu=1'), undefined)).toBe(20_000);
  });
  it('is 1200000 ms when excu is tail_start', () => {
    expect(timeoutFor({ excu: 'tail_start' }, undefined)).toBe(1_200_000);
    expect(timeoutFor(undefined, { excu: 'tail_start' })).toBe(1_200_000);
  });
});
