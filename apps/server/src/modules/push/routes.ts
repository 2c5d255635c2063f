// The push websocket /ws/msg/{group_id}/?token=<jwt>: authenticated, heart-beaten, fed by the hub (browsers cannot set headers on websockets, hence the query token).
import websocket from '@fastify/websocket';
import { CODE, parseJson, REVOKE_REASON, textField } from '@uc/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { AppError, errors } from '../../errors.js';
import { type PushHub, revokeMessage, WS_CLOSE_UNAUTHORIZED } from './hub.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Push fan-out, for modules that notify users (and for tests). */
    pushHub: PushHub;
  }
}

const MAX_MESSAGE_BYTES = 1_024;
const querySchema = z.object({ token: textField(4_096).min(1) });
const paramsSchema = z.object({
  group_id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number),
});

const CONNECTED = JSON.stringify({ code: 0, message: 'connected' });
const PONG = JSON.stringify({ type: 'pong' });

const pingSchema = z.object({ type: z.literal('ping') });

const isPing = (data: WebSocket.RawData) => parseJson(data.toString(), pingSchema) !== null;

/** The session check of a socket's token, declared here (the auth module provides it and pushes through the hub). */
interface SocketAuth {
  authenticate(token: string | null): Promise<{ jti: string; account: { groupId: number } }>;
}

async function pushRoutes(app: FastifyInstance, { hub, auth }: { hub: PushHub; auth: SocketAuth }) {
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  app.decorate('pushHub', hub);
  await hub.start();
  app.addHook('onClose', () => hub.stop());

  // The URL carries the token: the per-request info logs (which print the URL) are off for this route.
  app.route({
    method: 'GET',
    url: '/ws/msg/:group_id/',
    logLevel: 'warn',
    schema: { hide: true },
    // A plain request (no upgrade) gets the envelope, not an empty 404.
    handler: async () => {
      throw errors.upgradeRequired();
    },
    wsHandler: (socket, request) => {
      let ready = false;
      // Listeners first, synchronously: messages may arrive while the token is still being checked.
      socket.on('message', (data) => {
        if (!ready) return;
        hub.touch(socket);
        if (isPing(data)) socket.send(PONG);
      });
      socket.on('error', (err) => request.log.warn({ err }, 'push socket error'));

      const refuse = (reason: string) => socket.close(WS_CLOSE_UNAUTHORIZED, reason);
      const query = querySchema.safeParse(request.query);
      const params = paramsSchema.safeParse(request.params);
      if (!query.success || !params.success) {
        refuse('unauthorized');
        return;
      }
      auth.authenticate(query.data.token).then(
        (user) => {
          if (user.account.groupId !== params.data.group_id) return refuse('group mismatch');
          if (socket.readyState !== socket.OPEN) return;
          hub.attach(socket, user.jti, user.account.groupId);
          ready = true;
          socket.send(CONNECTED);
        },
        (err: unknown) => {
          if (!(err instanceof AppError)) request.log.error({ err }, 'push authentication failed');
          // A session ended by a newer login: a client whose socket was down when that was pushed still gets code 1.
          if (err instanceof AppError && err.bodyCode === CODE.loggedInElsewhere) {
            const message = revokeMessage(REVOKE_REASON.loginElsewhere);
            if (message && socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
            return refuse(REVOKE_REASON.loginElsewhere);
          }
          refuse('unauthorized');
        },
      );
    },
  });
}

export const pushPlugin = fp(pushRoutes, { name: 'push' });
