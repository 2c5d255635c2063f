// Shapes rows into the account calls' data (packages/shared/src/account.ts), so a row never leaks.
import {
  type AccountProfile,
  type ArchitectureNode,
  LOGIN_METHODS,
  type LoginEventItem,
  type LoginMethod,
  SECURITY_ACTION_LABEL,
  type SecurityAction,
  type SecurityEventItem,
  type SessionItem,
  type SubAccountItem,
} from '@uc/shared';
import { presentAvatar } from '../../lib/avatar-url.js';
import type { Account } from '../users/service.js';
import { deviceOf } from './device.js';
import { maskMobile } from './masks.js';
import type { SubRow } from './repo.js';

export function toProfile(account: Account, pending: string | null, origin: string): AccountProfile {
  return {
    id: account.id,
    username: account.username,
    company_name: account.companyName,
    name: account.contactName,
    email: account.email,
    email_pending: pending ?? '',
    mobile: maskMobile(account.mobile),
    avatar: presentAvatar(account.avatar, origin),
    is_sub: account.isSub,
    createTime: account.createdAt,
  };
}

export function toLoginEventItem(row: {
  method: string;
  success: number;
  ip: string;
  user_agent: string;
  created_at: string;
}): LoginEventItem {
  return {
    time: row.created_at,
    ip: row.ip,
    device: deviceOf(row.user_agent),
    method: LOGIN_METHODS.includes(row.method as LoginMethod) ? (row.method as LoginMethod) : 'password',
    success: row.success === 1,
  };
}

export function toSessionItem(
  session: { jti: string; createdAt: string; expiresAt: string; ip: string; userAgent: string },
  currentJti: string,
): SessionItem {
  return {
    jti: session.jti,
    created_at: session.createdAt,
    expires_at: session.expiresAt,
    ip: session.ip,
    device: deviceOf(session.userAgent),
    current: session.jti === currentJti,
  };
}

export function toSecurityEventItem(row: {
  action: string;
  ip: string;
  created_at: string;
  actor: string;
  target: string | null;
}): SecurityEventItem {
  const action = row.action as SecurityAction;
  return {
    time: row.created_at,
    action,
    label: SECURITY_ACTION_LABEL[action] ?? row.action,
    actor: row.actor,
    target: row.target ?? '',
    ip: row.ip,
  };
}

export function toSubAccountItem(row: SubRow): SubAccountItem {
  return {
    id: row.id,
    username: row.username,
    name: row.contact_name,
    mobile: row.mobile ?? '',
    enabled: row.enabled === 1,
    createTime: row.created_at,
    last_login: row.last_login,
  };
}

export function toArchitecture(main: Account, subs: SubRow[]): ArchitectureNode {
  return {
    id: main.id,
    username: main.username,
    name: main.contactName,
    company_name: main.companyName,
    is_sub: false,
    enabled: true,
    children: subs.map((sub) => ({
      id: sub.id,
      username: sub.username,
      name: sub.contact_name,
      company_name: main.companyName,
      is_sub: true,
      enabled: sub.enabled === 1,
      children: [],
    })),
  };
}
