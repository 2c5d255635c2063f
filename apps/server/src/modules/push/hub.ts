// The push fan-out: which websocket belongs to which session and group here, and events shared by every instance through PubSub (revocations also reach the session cache).
import { MSG, PUSH_CODE, type PushMessage, parseJson, REVOKE_REASON, type RevokeReason } from '@uc/shared';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { PubSub } from '../../lib/kv.js';

/** Close code for a socket whose token or session is not (or no longer) valid. */
export const WS_CLOSE_UNAUTHORIZED = 4401;
const WS_CLOSE_IDLE = 4408;
const WS_CLOSE_GOING_AWAY = 1001;
const CHANNEL = 'push';
const SWEEP_INTERVAL_MS = 15_000;

type PushEvent =
  | { t: 'revoke'; jtis: string[]; reason: RevokeReason }
  | { t: 'group'; groupId: number; message: PushMessage };

interface Connection {
  jti: string;
  groupId: number;
  lastSeen: number;
}

export interface PushHub {
  /** Tells every instance that these sessions ended; their sockets get code 1 (unless it was a logout) and close. */
  sessionsRevoked(jtis: string[], reason: RevokeReason): Promise<void>;
  /**
   * Calls `listener` with the jtis of every revocation any instance publishes (this one's too), as it arrives:
   * the session check drops its cached entries with it.
   */
  onRevoked(listener: (jtis: string[]) => void): void;
  /** Sends a message to every socket of a group, on every instance. */
  toGroup(groupId: number, message: PushMessage): Promise<void>;
  attach(socket: WebSocket, jti: string, groupId: number): void;
  /** Records activity (any message from the client). */
  touch(socket: WebSocket): void;
  /** Closes the sockets silent for longer than the idle limit; runs on a timer too. */
  sweep(): void;
  /** Open sockets on this instance. */
  readonly size: number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

interface PushHubDeps {
  pubsub: PubSub;
  now: () => Date;
  idleMs: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** What a socket of a session ended for `reason` is told before it closes; nothing for a logout. */
export const revokeMessage = (reason: RevokeReason): PushMessage | null => {
  if (reason === REVOKE_REASON.loginElsewhere)
    return { code: PUSH_CODE.loggedInElsewhere, message: MSG.loggedInElsewhere };
  if (reason === REVOKE_REASON.passwordReset)
    return { code: PUSH_CODE.loggedInElsewhere, message: MSG.passwordChangedPush };
  if (reason === REVOKE_REASON.accountDisabled)
    return { code: PUSH_CODE.loggedInElsewhere, message: MSG.accountDisabled };
  if (reason === REVOKE_REASON.accountDeleted)
    return { code: PUSH_CODE.loggedInElsewhere, message: MSG.accountDeleted };
  if (reason === REVOKE_REASON.staffDisabled)
    return { code: PUSH_CODE.loggedInElsewhere, message: MSG.memberDisabledByStaff };
  return null;
};

const eventSchema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('revoke'),
    jtis: z.array(z.string()),
    reason: z.enum(Object.values(REVOKE_REASON) as [RevokeReason, ...RevokeReason[]]),
  }),
  z.object({
    t: z.literal('group'),
    groupId: z.number(),
    message: z.object({ code: z.number(), message: z.string() }),
  }),
]);

export function createPushHub({ pubsub, now, idleMs, log }: PushHubDeps): PushHub {
  const connections = new Map<WebSocket, Connection>();
  const byJti = new Map<string, Set<WebSocket>>();
  const revokeListeners: ((jtis: string[]) => void)[] = [];
  let unsubscribe: (() => Promise<void>) | null = null;
  let sweeper: NodeJS.Timeout | null = null;

  function detach(socket: WebSocket) {
    const connection = connections.get(socket);
    if (!connection) return;
    connections.delete(socket);
    const set = byJti.get(connection.jti);
    set?.delete(socket);
    if (set?.size === 0) byJti.delete(connection.jti);
  }

  function send(socket: WebSocket, message: PushMessage) {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }

  function deliver(event: PushEvent) {
    if (event.t === 'revoke') {
      for (const listener of revokeListeners) listener(event.jtis);
      const message = revokeMessage(event.reason);
      for (const jti of event.jtis) {
        for (const socket of [...(byJti.get(jti) ?? [])]) {
          if (message) send(socket, message);
          detach(socket);
          socket.close(WS_CLOSE_UNAUTHORIZED, event.reason);
        }
      }
      return;
    }
    for (const [socket, connection] of connections) {
      if (connection.groupId === event.groupId) send(socket, event.message);
    }
  }

  async function publish(event: PushEvent) {
    try {
      await pubsub.publish(CHANNEL, JSON.stringify(event));
    } catch (err) {
      // The fan-out failing must not fail the login or payment that caused it; sockets learn on their next call.
      log.error({ err }, 'push publish failed');
    }
  }

  const hub: PushHub = {
    async sessionsRevoked(jtis, reason) {
      if (jtis.length > 0) await publish({ t: 'revoke', jtis, reason });
    },
    onRevoked(listener) {
      revokeListeners.push(listener);
    },
    async toGroup(groupId, message) {
      await publish({ t: 'group', groupId, message });
    },
    attach(socket, jti, groupId) {
      connections.set(socket, { jti, groupId, lastSeen: now().getTime() });
      const set = byJti.get(jti) ?? new Set();
      set.add(socket);
      byJti.set(jti, set);
      socket.on('close', () => detach(socket));
    },
    touch(socket) {
      const connection = connections.get(socket);
      if (connection) connection.lastSeen = now().getTime();
    },
    sweep() {
      const limit = now().getTime() - idleMs;
      for (const [socket, connection] of connections) {
        if (connection.lastSeen < limit) {
          detach(socket);
          socket.close(WS_CLOSE_IDLE, 'idle');
        }
      }
    },
    get size() {
      return connections.size;
    },
    async start() {
      unsubscribe = await pubsub.subscribe(CHANNEL, (text) => {
        const event: PushEvent | null = parseJson(text, eventSchema);
        if (event) deliver(event);
        else log.warn({ text: text.slice(0, 200) }, 'ignored a malformed push event');
      });
      sweeper = setInterval(() => hub.sweep(), SWEEP_INTERVAL_MS);
      sweeper.unref();
    },
    async stop() {
      if (sweeper) clearInterval(sweeper);
      for (const socket of [...connections.keys()]) {
        detach(socket);
        socket.close(WS_CLOSE_GOING_AWAY, 'server closing');
      }
      try {
        await unsubscribe?.();
      } catch (err) {
        log.warn({ err }, 'push unsubscribe failed');
      }
      unsubscribe = null;
    },
  };
  return hub;
}
