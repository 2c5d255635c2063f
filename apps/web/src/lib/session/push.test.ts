import { COOKIE, LIMITS, MSG } from '@uc/shared';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFailureEffects, sessionDialogs } from '../http/failure-effects';
import { decideFailure } from '../http/http-policy';
import { navigateTo } from '../routing/navigator';
import { confirmDialog } from '../ui/feedback';
import { useAuthStore } from './auth-store';
import {
  createPushClient,
  forceLogout,
  PING,
  parsePushMessage,
  pushBase,
  pushUrl,
  type SocketLike,
  WS_CLOSE_UNAUTHORIZED,
} from './push';

vi.mock('../ui/feedback', () => ({ confirmDialog: vi.fn(async () => true) }));
vi.mock('../routing/navigator', () => ({ navigateTo: vi.fn() }));

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // Server side of the fake.
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(data: unknown) {
    this.onmessage?.(
      new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }),
    );
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

const latest = () => FakeSocket.all.at(-1) as FakeSocket;

function client(onKicked = vi.fn()) {
  const push = createPushClient({
    url: 'ws://uc.test/ws/msg/7/?token=t',
    onKicked,
    createSocket: (url) => new FakeSocket(url),
  });
  push.start();
  return { push, onKicked };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('push urls', () => {
  it('uses the page origin with ws or wss when no wsUrl is configured', () => {
    expect(pushBase('', { protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080');
    expect(pushBase('', { protocol: 'https:', host: 'uc.example.com' })).toBe('wss://uc.example.com');
  });

  it('turns a configured http(s) host into ws(s) and drops trailing slashes', () => {
    expect(pushBase('https://push.example.com/', { protocol: 'http:', host: 'x' })).toBe(
      'wss://push.example.com',
    );
    expect(pushBase('ws://10.0.0.2:9000', { protocol: 'https:', host: 'x' })).toBe('ws://10.0.0.2:9000');
  });

  it('builds /ws/msg/{group_id}/ with the token in the query', () => {
    expect(pushUrl('wss://uc.example.com', 12, 'a.b+c')).toBe(
      'wss://uc.example.com/ws/msg/12/?token=a.b%2Bc',
    );
  });

  it('parses { code, message } and ignores anything else', () => {
    expect(parsePushMessage('{"code":1,"message":"走"}')).toEqual({
      code: 1,
      message: '走',
      data: undefined,
    });
    expect(parsePushMessage('{"code":"1"}')).toEqual({ code: 1, data: undefined });
    expect(parsePushMessage('pong')).toBeNull();
    expect(parsePushMessage('{"type":"pong"}')).toBeNull();
  });
});

describe('createPushClient', () => {
  it('connects once and sends {"type":"ping"} every 30 seconds while open', () => {
    client();
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().url).toBe('ws://uc.test/ws/msg/7/?token=t');
    latest().open();
    vi.advanceTimersByTime(LIMITS.wsHeartbeatMs - 1);
    expect(latest().sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(latest().sent).toEqual([PING]);
    expect(JSON.parse(PING)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(LIMITS.wsHeartbeatMs * 2);
    expect(latest().sent).toHaveLength(3);
  });

  it('code 1 stops the client and reports the server message, or the default one', () => {
    const { onKicked } = client();
    latest().open();
    latest().receive({ code: 1, message: '您的账号在另一台设备登录' });
    expect(onKicked).toHaveBeenCalledWith('您的账号在另一台设备登录');
    expect(latest().closedWith).toBe(1000);
    latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    const second = client();
    latest().open();
    latest().receive({ code: 1 });
    expect(second.onKicked).toHaveBeenCalledWith(MSG.loggedInElsewhere);
  });

  it('other messages neither kick nor close', () => {
    const onMessage = vi.fn();
    const onKicked = vi.fn();
    createPushClient({
      url: 'ws://x',
      onKicked,
      onMessage,
      createSocket: (url) => new FakeSocket(url),
    }).start();
    latest().open();
    latest().receive({ code: 2, message: '支付成功' });
    expect(onMessage).toHaveBeenCalledWith({ code: 2, message: '支付成功', data: undefined });
    expect(onKicked).not.toHaveBeenCalled();
    expect(latest().closedWith).toBeUndefined();
  });

  it('reconnects 5 seconds after an unexpected close', () => {
    client();
    latest().open();
    latest().drop();
    vi.advanceTimersByTime(LIMITS.wsReconnectDelayMs - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('gives up after 10 reconnects when the server stays away', () => {
    const { push } = client();
    for (let i = 0; i < 20; i += 1) {
      latest().drop();
      vi.advanceTimersByTime(LIMITS.wsReconnectDelayMs);
    }
    expect(FakeSocket.all).toHaveLength(1 + LIMITS.wsReconnectMax);
    expect(push.reconnects).toBe(LIMITS.wsReconnectMax);
  });

  it('the first frame of an open socket starts a fresh reconnect budget, the open alone does not', () => {
    const { push } = client();
    latest().drop();
    vi.advanceTimersByTime(LIMITS.wsReconnectDelayMs);
    expect(push.reconnects).toBe(1);
    latest().open();
    expect(push.reconnects).toBe(1);
    latest().receive({ code: 0, message: 'connected' });
    expect(push.reconnects).toBe(0);
  });

  it('sockets that open and close again without a frame stop after 10 reconnects', () => {
    const { push } = client();
    for (let i = 0; i < 30; i += 1) {
      latest().open();
      latest().drop();
      vi.advanceTimersByTime(LIMITS.wsReconnectDelayMs);
    }
    expect(FakeSocket.all).toHaveLength(1 + LIMITS.wsReconnectMax);
    expect(push.reconnects).toBe(LIMITS.wsReconnectMax);
  });

  it('close code 4401 (token refused after the open) stops for good', () => {
    const { push, onKicked } = client();
    latest().open();
    latest().drop(WS_CLOSE_UNAUTHORIZED);
    vi.advanceTimersByTime(LIMITS.wsReconnectDelayMs * 20);
    expect(FakeSocket.all).toHaveLength(1);
    expect(push.reconnects).toBe(0);
    expect(onKicked).not.toHaveBeenCalled();
    expect(WS_CLOSE_UNAUTHORIZED).toBe(4401);
  });

  it('4401 also ends a healthy session’s socket, after any number of reconnects', () => {
    client();
    latest().drop();
    vi.advanceTimersByTime(LIMITS.wsReconnectDelayMs);
    latest().open();
    latest().receive({ code: 0, message: 'connected' });
    latest().drop(WS_CLOSE_UNAUTHORIZED);
    vi.advanceTimersByTime(LIMITS.wsReconnectDelayMs * 20);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('a superseded session: code 1 then close 4401 reports once and never reconnects', () => {
    const { onKicked } = client();
    latest().open();
    latest().receive({ code: 0, message: 'connected' });
    latest().receive({ code: 1, message: '您的账号已在另一处登录' });
    latest().drop(WS_CLOSE_UNAUTHORIZED);
    vi.advanceTimersByTime(LIMITS.wsReconnectDelayMs * 20);
    expect(onKicked).toHaveBeenCalledTimes(1);
    expect(onKicked).toHaveBeenCalledWith('您的账号已在另一处登录');
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('close() (logout) closes the socket, stops the heartbeat and never reconnects', () => {
    const { push } = client();
    latest().open();
    push.close();
    expect(latest().closedWith).toBe(1000);
    latest().drop();
    vi.advanceTimersByTime(LIMITS.wsHeartbeatMs * 3);
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().sent).toEqual([]);
  });

  it('close() during the wait for a reconnect cancels it', () => {
    const { push } = client();
    latest().drop();
    push.close();
    vi.advanceTimersByTime(LIMITS.wsReconnectDelayMs * 2);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('forceLogout', () => {
  it('clears the local session at once, warns with the message and goes to login on OK', async () => {
    vi.useRealTimers();
    Cookies.set(COOKIE.token, 'old-token', { path: '/' });
    useAuthStore.setState({ token: 'old-token', name: 'demouser' });
    forceLogout(MSG.loggedInElsewhere);
    expect(Cookies.get(COOKIE.token)).toBeUndefined();
    expect(useAuthStore.getState().token).toBe('');
    expect(vi.mocked(confirmDialog)).toHaveBeenCalledWith(
      expect.objectContaining({ content: MSG.loggedInElsewhere, type: 'warning' }),
    );
    await vi.waitFor(() =>
      expect(vi.mocked(navigateTo)).toHaveBeenCalledWith('/checklogin/index?redirect=/dashboard', {
        replace: true,
      }),
    );
  });
});

describe('one session dialog at a time (push code 1 and HTTP 30001)', () => {
  function effectsDeps() {
    return {
      confirm: vi.fn(async () => true),
      toast: vi.fn(),
      navigate: vi.fn(),
      logout: vi.fn(async () => {}),
      currentPath: () => '/news',
    };
  }
  /** Keeps the next 下线通知 open until `close` is called. */
  function holdPushDialog() {
    let close: (ok: boolean) => void = () => {};
    vi.mocked(confirmDialog).mockImplementationOnce(
      () =>
        new Promise<boolean>((resolve) => {
          close = resolve;
        }),
    );
    return (ok: boolean) => close(ok);
  }

  beforeEach(() => {
    vi.useRealTimers();
    vi.mocked(confirmDialog).mockClear();
  });

  it('a 30001 answered while 下线通知 is open shows no second dialog', async () => {
    const close = holdPushDialog();
    const kicked = forceLogout(MSG.loggedInElsewhere);
    expect(vi.mocked(confirmDialog)).toHaveBeenCalledWith(expect.objectContaining({ title: '下线通知' }));
    expect(sessionDialogs.isOpen()).toBe(true);

    const deps = effectsDeps();
    const effects = createFailureEffects(deps, sessionDialogs);
    await effects.apply(decideFailure({ kind: 'business', code: 30001, message: '您的账号已在另一处登录' }));
    expect(deps.confirm).not.toHaveBeenCalled();
    expect(vi.mocked(confirmDialog)).toHaveBeenCalledTimes(1);

    close(false);
    await kicked;
    expect(sessionDialogs.isOpen()).toBe(false);
  });

  it('a push code 1 while the 30001 dialog is open clears the session but shows no second dialog', async () => {
    let answer: (ok: boolean) => void = () => {};
    const deps = {
      ...effectsDeps(),
      confirm: vi.fn(
        () =>
          new Promise<boolean>((resolve) => {
            answer = resolve;
          }),
      ),
    };
    const effects = createFailureEffects(deps, sessionDialogs);
    const relogin = effects.apply(decideFailure({ kind: 'business', code: 30001 }));
    expect(deps.confirm).toHaveBeenCalledTimes(1);

    Cookies.set(COOKIE.token, 'old-token', { path: '/' });
    useAuthStore.setState({ token: 'old-token', name: 'demouser' });
    await forceLogout(MSG.loggedInElsewhere);
    expect(vi.mocked(confirmDialog)).not.toHaveBeenCalled();
    expect(Cookies.get(COOKIE.token)).toBeUndefined();
    expect(useAuthStore.getState().token).toBe('');

    answer(true);
    await relogin;
    expect(deps.navigate).toHaveBeenCalledWith('/checklogin/index?redirect=/dashboard', { replace: true });
    expect(sessionDialogs.isOpen()).toBe(false);
  });
});
