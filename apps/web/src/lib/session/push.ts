// The push websocket (docs/requirements.md §7 "Push", §8): /ws/msg/{group_id}/ with a 30 s heartbeat, at most 10
// reconnects 5 s apart, and code 1 (logged in elsewhere) ending the local session with a dialog.
import { LIMITS, MSG, PUSH_CODE } from '@uc/shared';
import { useEffect, useRef } from 'react';
import { loginPath, paths } from '../../paths';
import { sessionDialogs } from '../http/failure-effects';
import { navigateTo } from '../routing/navigator';
import { runtimeConfig } from '../runtime-config';
import { confirmDialog } from '../ui/feedback';
import { clearLocalSession } from './auth-store';
import { LOGOUT_COUNTDOWN } from './logout-countdown';
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

/**
 * Close code the server uses when it refuses the token (bad, expired or revoked), after the socket opened.
 * The session is dead: reconnecting could only be refused again.
 */
export const WS_CLOSE_UNAUTHORIZED = 4401;

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
  /** Reconnects made since the last healthy socket (tests, diagnostics). */
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
      // An open socket is not yet a working one: the server may still refuse the token and close it, so the
      // reconnect budget is renewed only by the first frame it sends (see onmessage).
      stopHeartbeat();
      heartbeat = setInterval(() => {
        if (ws.readyState === OPEN) ws.send(PING);
      }, heartbeatMs);
    };
    ws.onmessage = (event) => {
      // A frame (the server's 'connected', a pong, a push) proves a working connection: a fresh budget of
      // reconnects for the next outage.
      reconnects = 0;
      const message = parsePushMessage(event.data);
      if (!message) return;
      if (message.code === PUSH_CODE.loggedInElsewhere) {
        stop();
        onKicked(message.message || MSG.loggedInElsewhere);
        return;
      }
      onMessage?.(message);
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      stopHeartbeat();
      if (event.code === WS_CLOSE_UNAUTHORIZED) {
        // Refused token: stop for good. The HTTP client and the session sync end the session itself.
        stopped = true;
        return;
      }
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

/**
 * Code 1: the session ends here at once; the dialog tells why and leads to the login page, on 重新登录 or by
 * itself when its 6-second countdown runs out. It shares the HTTP client's one-dialog guard: when a 30001
 * dialog is already open (or opens meanwhile), one dialog shows.
 */
export function forceLogout(message: string): Promise<void> {
  clearLocalSession();
  return sessionDialogs.run(async () => {
    const ok = await confirmDialog({
      title: '下线通知',
      content: message,
      okText: '重新登录',
      cancelText: '关闭',
      type: 'warning',
      autoConfirm: LOGOUT_COUNTDOWN,
    });
    if (ok) navigateTo(loginPath(paths.dashboard), { replace: true });
  });
}

type PushListener = (message: PushMessage) => void;
const listeners = new Set<PushListener>();

/** Every message of the open channel other than code 1 reaches these (a page waiting for a paid order, say). */
export function onPushMessage(listener: PushListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `handler` for each push message with this code while the component is mounted. */
export function usePushMessage(code: number, handler: (message: PushMessage) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(
    () =>
      onPushMessage((message) => {
        if (message.code === code) latest.current(message);
      }),
    [code],
  );
}

/** Keeps the push channel of the logged-in user open; it closes on logout (the token goes). */
export function usePushChannel(token: string): void {
  useEffect(() => {
    const payload = token ? decodeToken(token) : null;
    if (!payload) return;
    const client = createPushClient({
      url: pushUrl(pushBase(runtimeConfig().wsUrl, window.location), payload.group_id, token),
      onKicked: (message) => void forceLogout(message),
      onMessage: (message) => {
        for (const listener of listeners) listener(message);
      },
    });
    client.start();
    return () => client.close();
  }, [token]);
}
