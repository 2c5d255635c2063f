// Shapes an account into GET auth/info/ data (SPEC.md §7); roles are derived here and nowhere else.
import { isVipLevel, type UserInfo } from '@uc/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Account } from './service.js';

const ROLE = { member: 'member', vip: 'vip', sub: 'sub', service: 'service' } as const;

function rolesOf(account: Account): string[] {
  const roles: string[] = [ROLE.member];
  if (isVipLevel(account.membership.level)) roles.push(ROLE.vip);
  if (account.isSub) roles.push(ROLE.sub);
  if (account.isService) roles.push(ROLE.service);
  return roles;
}

/** Where this server serves uploaded avatars from (modules/account/avatar.ts stores them). */
export const AVATAR_URL_PREFIX = '/uploads/avatars/';

/**
 * The avatar as the client is given it. A main-site path (/media/...) stays relative: the client prefixes the
 * main-site host (SPEC.md §3). A file this server stores is answered as an absolute URL on this server (`origin`),
 * which the client's prefix rule passes through unchanged.
 */
export function presentAvatar(stored: string, origin: string): string {
  return stored.startsWith(AVATAR_URL_PREFIX) ? `${origin}${stored}` : stored;
}

/** This server's public origin: API_BASE_URL when set, else the request's own (behind TRUST_PROXY, the proxy's). */
export function publicOrigin(request: FastifyRequest, apiBaseUrl: string): string {
  return apiBaseUrl || `${request.protocol}://${request.host}`;
}

export function toUserInfo(account: Account, origin: string): UserInfo {
  return {
    id: account.id,
    roles: rolesOf(account),
    username: account.username,
    avatar: presentAvatar(account.avatar, origin),
    email: account.email,
    createTime: account.createdAt,
    level: account.membership.level,
    is_one_click: account.isOneClick,
    s: account.site,
  };
}

export const userInfoSchema = z.object({
  id: z.number(),
  roles: z.array(z.string()),
  username: z.string(),
  avatar: z.string(),
  email: z.string(),
  createTime: z.string(),
  level: z.number(),
  is_one_click: z.boolean(),
  s: z.string(),
}) satisfies z.ZodType<UserInfo>;
