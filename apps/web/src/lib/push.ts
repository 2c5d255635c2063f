// The push websocket (SPEC.md §7 "Push", §8): /ws/msg/{group_id}/ with a 30 s heartbeat, at most 10
// reconnects 5 s apart, and code 1 (logged in elsewhere) ending the local session with a dialog.
import { LIMITS, MSG, PUSH_CODE } from '@uc/shared';
import { useEffect } from 'react';
import { loginPath, paths } from '../paths';
import { clearLocalSession } from './auth-store';
import { confirmDialog } from './feedback';
import { navigateTo } from './navigator';
import { runtimeConfig } from './runtime-config';
import { decodeToken } from './token';

/** A message on the channel: { code, message } (code 1: the account logged in elsewhere). */
export interface PushMessage {
  code: number;
  message?: string;
  data?: unknown;
}

/** The part of the browser WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

const CONNECTING = 0;
const OPEN = 1;

export const PING = JSON.stringify({ type: 'ping' });

export interface PushClientOptions {
  url: string;
  /** Code 1 arrived: the client has stopped for good; the caller ends the session. */
  onKicked: (message: string) => void;
  /** Any other message. */
  onMessage?: (message: PushMessage) => void;
  createSocket?: (url: string) => SocketLike;
  heartbeatMs?: number;
  reconnectDelayMs?: number;
  maxReconnects?: number;
}

export interface PushClient {
  start(): void;
  /** Closes for good (logout): no reconnect. */
  close(): void;
  /** Reconnects made since the last open socket (tests, diagnostics). */
  readonly reconnects: number;
}

/** Base of the push host: the configured wsUrl (http(s) turned into ws(s)) or this page's origin. */
export function pushBase(wsUrl: string, location: { protocol: string; host: string }): string {
  const configured = wsUrl.trim().replace(/\/+$/, '');
  if (configured) return configured.replace(/^http(s?):\/\//i, 'ws$1://');
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;
}

/** ws(s)://host/ws/msg/{group_id}/?token=... */
export function pushUrl(base: string, groupId: number, token: string): string {
  return `${base}/ws/msg/${encodeURIComponent(String(groupId))}/?token=${encodeURIComponent(token)}`;
}

export function parsePushMessage(raw: unknown): PushMessage | null {
  if (typeof raw !== 'string') return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { code, message, data } = value as Record<string, unknown>;
    const numeric = typeof code === 'number' ? code : typeof code === 'string' ? Number(code) : Number.NaN;
    if (!Number.isFinite(numeric)) return null;
    return { code: numeric, ...(typeof message === 'string' ? { message } : {}), data };
  } catch {
    return null;
  }
}

export function createPushClient(options: PushClientOptions): PushClient {
  const {
    url,
    onKicked,
    onMessage,
    createSocket = (target: string) => new WebSocket(target),
    heartbeatMs = LIMITS.wsHeartbeatMs,
    reconnectDelayMs = LIMITS.wsReconnectDelayMs,
    maxReconnects = LIMITS.wsReconnectMax,
  } = options;
  let socket: SocketLike | null = null;
  let stopped = false;
  let started = false;
  let reconnects = 0;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const stopHeartbeat = () => {
    if (heartbeat !== undefined) clearInterval(heartbeat);
    heartbeat = undefined;
  };

  const scheduleReconnect = () => {
    if (stopped || reconnects >= maxReconnects) return;
    reconnects += 1;
    retry = setTimeout(() => {
      retry = undefined;
      connect();
    }, reconnectDelayMs);
  };

  const stop = () => {
    stopped = true;
    if (retry !== undefined) clearTimeout(retry);
    retry = undefined;
    stopHeartbeat();
    const current = socket;
    socket = null;
    if (current && (current.readyState === CONNECTING || current.readyState === OPEN)) {
      current.close(1000, 'closed by client');
    }
  };

  function connect() {
    if (stopped) return;
    let ws: SocketLike;
    try {
      ws = createSocket(url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      // A working connection starts a fresh budget of reconnects for the next outage.
      reconnects = 0;
      stopHeartbeat();
      heartbeat = setInterval(() => {
        if (ws.readyState === OPEN) ws.send(PING);
      }, heartbeatMs);
    };
    ws.onmessage = (event) => {
      const message = parsePushMessage(event.data);
      if (!message) return;
      if (message.code === PUSH_CODE.loggedInElsewhere) {
        stop();
        onKicked(message.message || MSG.loggedInElsewhere);
        return;
      }
      onMessage?.(message);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      stopHeartbeat();
      scheduleReconnect();
    };
    // An error is followed by a close, which decides about reconnecting.
    ws.onerror = () => {};
  }

  return {
    start() {
      if (started) return;
      started = true;
      connect();
    },
    close: stop,
    get reconnects() {
      return reconnects;
    },
  };
}

/** Code 1: the session ends here at once; the dialog tells why and leads to the login page. */
export function forceLogout(message: string): void {
  clearLocalSession();
  void confirmDialog({
    title: '下线通知',
    content: message,
    okText: '重新登录',
    cancelText: '关闭',
    type: 'warning',
  }).then((ok) => {
    if (ok) navigateTo(loginPath(paths.dashboard), { replace: true });
  });
}

/** Keeps the push channel of the logged-in user open; it closes on logout (the token goes). */
export function usePushChannel(token: string): void {
  useEffect(() => {
    const payload = token ? decodeToken(token) : null;
    if (!payload) return;
    const client = createPushClient({
      url: pushUrl(pushBase(runtimeConfig().wsUrl, window.location), payload.group_id, token),
      onKicked: forceLogout,
    });
    client.start();
    return () => client.close();
  }, [token]);
}
