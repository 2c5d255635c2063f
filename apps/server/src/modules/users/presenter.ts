// Shapes an account into GET auth/info/ data (SPEC.md §7); roles are derived here and nowhere else.
import { isVipLevel, type UserInfo } from '@uc/shared';
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

export function toUserInfo(account: Account): UserInfo {
  return {
    id: account.id,
    roles: rolesOf(account),
    username: account.username,
    avatar: account.avatar,
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
