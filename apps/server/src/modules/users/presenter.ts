// Shapes an account into GET auth/info/ data (docs/requirements.md §7); roles are derived here and nowhere else.
import { isVipLevel, ROLE, type UserInfo } from '@uc/shared';
import { presentAvatar } from '../../lib/avatar-url.js';
import type { Account } from './service.js';

function rolesOf(account: Account): string[] {
  const roles: string[] = [ROLE.member];
  if (isVipLevel(account.membership.level)) roles.push(ROLE.vip);
  if (account.isSub) roles.push(ROLE.sub);
  if (account.isService) roles.push(ROLE.service);
  return roles;
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
