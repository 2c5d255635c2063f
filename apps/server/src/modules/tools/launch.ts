// The launch token of an external tool: a short-lived HS256 JWT the member center adds to the tool's address as
// `uc_ticket`, so the tool knows the member without a login of its own (docs/api.md "Tool launch tokens"). Its
// audience is the tool's origin, so a ticket for one tool opens no other; the key is TOOL_LAUNCH_SECRET, shared
// with the tools (unset: derived from the server secret, and only this server can check it).
import { createHmac, randomUUID } from 'node:crypto';
import type { ToolCode } from '@uc/shared';
import { jwtVerify, SignJWT } from 'jose';

/** How long a ticket opens its tool: enough to load the frame, not to be replayed later. */
export const LAUNCH_TTL_SECONDS = 300;
export const LAUNCH_ISSUER = 'usercenter';
export const LAUNCH_PARAM = 'uc_ticket';

export interface LaunchClaims {
  /** The member whose tools these are: the main account (a sub-account's is its main account). */
  ownerId: number;
  /** The account that opened the tool. */
  userId: number;
  username: string;
  tool: ToolCode;
}

/** The key of the launch tokens: the configured one, or one derived from the server secret for this use alone. */
export function launchKey(configured: string | null, serverSecret: string): Uint8Array {
  const raw = configured ?? createHmac('sha256', serverSecret).update('tool-launch').digest('base64url');
  return new TextEncoder().encode(raw);
}

export function createLauncher(key: Uint8Array, now: () => Date) {
  return {
    /** `url`: the tool's address on its host; answers it with a fresh ticket. */
    async launchUrl(url: string, claims: LaunchClaims): Promise<string> {
      const target = new URL(url);
      const issuedAt = Math.floor(now().getTime() / 1000);
      const ticket = await new SignJWT({ uid: claims.userId, username: claims.username, tool: claims.tool })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(LAUNCH_ISSUER)
        .setSubject(String(claims.ownerId))
        .setAudience(target.origin)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + LAUNCH_TTL_SECONDS)
        .setJti(randomUUID())
        .sign(key);
      target.searchParams.set(LAUNCH_PARAM, ticket);
      return target.href;
    },

    /** What a tool does with a ticket (tests and docs): its claims when valid for `origin`, else null. */
    async check(ticket: string, origin: string) {
      try {
        const { payload } = await jwtVerify(ticket, key, {
          algorithms: ['HS256'],
          issuer: LAUNCH_ISSUER,
          audience: origin,
          currentDate: now(),
        });
        return payload;
      } catch {
        return null;
      }
    },
  };
}

export type Launcher = ReturnType<typeof createLauncher>;
