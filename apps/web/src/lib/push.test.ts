import { COOKIE, LIMITS, MSG } from '@uc/shared';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from './auth-store';
import { confirmDialog } from './feedback';
import { navigateTo } from './navigator';
import {
  createPushClient,
  forceLogout,
  PING,
  parsePushMessage,
  pushBase,
  pushUrl,
  type SocketLike,
} from './push';

vi.mock('./feedback', () => ({ confirmDialog: vi.fn(async () => true) }));
vi.mock('./navigator', () => ({ navigateTo: vi.fn() }));

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
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
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

  it('a successful open starts a fresh reconnect budget', () => {
    const { push } = client();
    latest().drop();
    vi.advanceTimersByTime(LIMITS.wsReconnectDelayMs);
    expect(push.reconnects).toBe(1);
    latest().open();
    expect(push.reconnects).toBe(0);
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
