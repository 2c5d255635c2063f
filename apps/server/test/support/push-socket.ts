// A websocket client for the push tests, connected in-process through @fastify/websocket's injectWS; nothing is missed.
import { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { App } from '../../src/app.js';

export interface TestSocket {
  ws: WebSocket;
  /** The next message from the server, parsed. */
  next(): Promise<unknown>;
  /** Messages received and not yet taken by next(). */
  pending(): unknown[];
  closed: Promise<{ code: number; reason: string }>;
  send(value: unknown): void;
}

/** injectWS has no network socket; the per-IP rate limit needs an address. */
function fakeSocket(ip: string): Socket {
  return Object.defineProperty(new Socket(), 'remoteAddress', { value: ip });
}

export async function connect(app: App, url: string, ip = '127.0.0.1'): Promise<TestSocket> {
  const queue: unknown[] = [];
  const waiters: ((value: unknown) => void)[] = [];
  let onClose: (value: { code: number; reason: string }) => void = () => {};
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    onClose = resolve;
  });
  const ws = await app.injectWS(
    url,
    { socket: fakeSocket(ip) },
    {
      onInit(socket) {
        socket.on('message', (data) => {
          const value: unknown = JSON.parse(data.toString());
          const waiter = waiters.shift();
          if (waiter) waiter(value);
          else queue.push(value);
        });
        socket.on('close', (code, reason) => onClose({ code, reason: reason.toString() }));
      },
    },
  );
  return {
    ws,
    closed,
    next: () =>
      queue.length > 0 ? Promise.resolve(queue.shift()) : new Promise((resolve) => waiters.push(resolve)),
    pending: () => [...queue],
    send: (value) => ws.send(JSON.stringify(value)),
  };
}

export const wsUrl = (groupId: number | string, token: string) =>
  `/ws/msg/${groupId}/?token=${encodeURIComponent(token)}`;
