// The signed-in account's own information and security: profile, avatar, password, re-authentication, mobile,
// email, sessions and the audit (docs/api.md "Account and team").
import { createHash, randomBytes } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  type AccountProfile,
  EMAIL_TOKEN_HOURS,
  type EmailPending,
  type LoginData,
  POLICY_CATEGORIES,
  type PolicyCountItem,
  REAUTH_TICKET_SECONDS,
  type ReauthTicket,
  type SecurityAction,
  type SecurityState,
  SMS_PURPOSE,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import { AVATAR_URL_PREFIX } from '../../lib/avatar-url.js';
import { escapeHtml } from '../../lib/html.js';
import type { KeyValue } from '../../lib/kv.js';
import type { MailProvider } from '../../providers/mail/index.js';
import type { AuthService, AuthUser, ClientInfo } from '../auth/service.js';
import { SESSION_END } from '../auth/service.js';
import type { SmsCodes } from '../sms/codes.js';
import type { SmsService } from '../sms/service.js';
import type { Account, UsersService } from '../users/service.js';
import { avatarDir, imageKind, storeAvatar } from './avatar.js';
import { maskEmail, maskMobile } from './masks.js';
import { toLoginEventItem, toProfile, toSecurityEventItem, toSessionItem } from './presenter.js';
import {
  countOtherMainAccountsByMobile,
  countPolicyItemsByType,
  findEmailToken,
  insertSecurityEvent,
  listSecurityEvents,
  markEmailTokenUsed,
  pendingEmail,
  replaceEmailToken,
} from './repo.js';

const LOGIN_EVENTS_SHOWN = 10;
const AUDIT_SHOWN = 20;
const HOUR_MS = 3_600_000;
const REAUTH_MS = REAUTH_TICKET_SECONDS * 1000;

/** Every SMS purpose a code for the old mobile may be pending under: voided when the mobile changes. */
const ALL_PURPOSES = Object.values(SMS_PURPOSE);

export interface AccountDeps {
  db: Db;
  kv: KeyValue;
  now: () => Date;
  users: UsersService;
  auth: AuthService;
  codes: SmsCodes;
  sms: SmsService;
  mail: MailProvider;
  /** Holds uploads/avatars. */
  dataDir: string;
  /** The account page the confirmation page links to (under /usercenter). */
  accountPageUrl: string;
  log: { error(obj: object, msg: string): void };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The audit writer both services share. */
export function createAudit(db: Db, now: () => Date) {
  return async (actorId: number, action: SecurityAction, ip: string, targetId: number | null = null) => {
    await insertSecurityEvent(db, {
      actor_id: actorId,
      target_id: targetId,
      action,
      ip,
      created_at: now().toISOString(),
    });
  };
}

export function createAccountService({
  db,
  kv,
  now,
  users,
  auth,
  codes,
  sms,
  mail,
  dataDir,
  accountPageUrl,
  log,
}: AccountDeps) {
  const audit = createAudit(db, now);
  const reauthKey = (ticket: string) => `reauth:${ticket}`;

  /** The account as stored now (the session's copy may be a few seconds old). */
  async function fresh(user: AuthUser): Promise<Account> {
    const account = await users.findById(user.account.id);
    if (!account) throw errors.unauthorized();
    return account;
  }

  async function profileOf(account: Account, origin: string): Promise<AccountProfile> {
    return toProfile(account, await pendingEmail(db, account.id, now().toISOString()), origin);
  }

  async function issueTicket(account: Account): Promise<ReauthTicket> {
    const ticket = randomBytes(24).toString('base64url');
    await kv.set(reauthKey(ticket), `${account.id}:${now().getTime() + REAUTH_MS}`, REAUTH_MS);
    return { ticket, expires_in: REAUTH_TICKET_SECONDS };
  }

  /** Whether the ticket is live and the account's, without using it. */
  async function ticketValid(account: Account, ticket: string): Promise<boolean> {
    const [owner, until] = (await kv.get(reauthKey(ticket)))?.split(':') ?? [];
    return Number(owner) === account.id && Number(until) > now().getTime();
  }

  /** Uses a ticket up: only the first of two racing requests wins. */
  async function consumeTicket(account: Account, ticket: string): Promise<void> {
    if (!(await ticketValid(account, ticket))) throw errors.reauthRequired();
    const claims = await kv.incr(`reauth:used:${ticket}`, REAUTH_MS);
    await kv.del(reauthKey(ticket));
    if (claims !== 1) throw errors.reauthRequired();
  }

  /** Refuses a mobile another main account uses (a sub-account may share its own main account's). */
  async function assertMobileFree(account: Account, mobile: string) {
    const mainId = account.isSub && account.groupId > 0 ? account.groupId : account.id;
    if ((await countOtherMainAccountsByMobile(db, mobile, mainId)) > 0) throw errors.mobileBoundOther();
  }

  return {
    async profile(user: AuthUser, origin: string): Promise<AccountProfile> {
      return profileOf(await fresh(user), origin);
    },

    async updateProfile(user: AuthUser, name: string, client: ClientInfo, origin: string) {
      await users.changeOwnColumns(user.account.id, { contact_name: name }, now().toISOString());
      auth.accountChanged(user.account.id);
      await audit(user.account.id, 'profile_changed', client.ip);
      return profileOf(await fresh(user), origin);
    },

    /** Stores a PNG or JPEG (judged by its bytes) and makes it the avatar; the previous upload is removed. */
    async setAvatar(user: AuthUser, bytes: Buffer, client: ClientInfo): Promise<string> {
      const kind = imageKind(bytes);
      if (!kind) throw errors.avatarType();
      const before = (await fresh(user)).avatar;
      const stored = await storeAvatar(dataDir, bytes, kind);
      await users.changeOwnColumns(user.account.id, { avatar: stored }, now().toISOString());
      auth.accountChanged(user.account.id);
      if (before.startsWith(AVATAR_URL_PREFIX)) {
        await unlink(path.join(avatarDir(dataDir), path.basename(before))).catch(() => undefined);
      }
      await audit(user.account.id, 'avatar_changed', client.ip);
      return stored;
    },

    async changePassword(
      user: AuthUser,
      input: { oldpassword: string; newpassword: string },
      client: ClientInfo,
    ): Promise<LoginData> {
      if (input.oldpassword === input.newpassword) throw errors.passwordUnchanged();
      const account = await fresh(user);
      await auth.verifyOwnPassword(account, input.oldpassword, client, errors.oldPasswordWrong);
      await users.setPassword(account.id, input.newpassword);
      await auth.endSessions(account.id, SESSION_END.passwordChanged, user.jti);
      const renewed = await auth.renewSession({ ...user, account }, client);
      await audit(account.id, 'password_changed', client.ip);
      return renewed;
    },

    async checkPassword(user: AuthUser, password: string, client: ClientInfo): Promise<ReauthTicket> {
      const account = await fresh(user);
      await auth.verifyOwnPassword(account, password, client, errors.passwordWrong);
      return issueTicket(account);
    },

    /** A code to the current mobile for checkVerifyCode (a solved puzzle first, as every send). */
    async sendVerifyCode(user: AuthUser, client: ClientInfo): Promise<void> {
      const account = await fresh(user);
      if (!account.mobile) throw errors.noMobileForCode();
      await sms.sendCode(client.sid, account.mobile, SMS_PURPOSE.verify, client.ip);
    },

    async checkVerifyCode(user: AuthUser, code: string): Promise<ReauthTicket> {
      const account = await fresh(user);
      if (!account.mobile) throw errors.noMobileForCode();
      await codes.verify(account.mobile, SMS_PURPOSE.verify, code);
      return issueTicket(account);
    },

    /** A code to the new mobile for updateTelphone; refused for the current one or another main account's. */
    async sendRebindCode(user: AuthUser, phone: string, client: ClientInfo): Promise<void> {
      const account = await fresh(user);
      if (account.mobile === phone) throw errors.mobileUnchanged();
      await assertMobileFree(account, phone);
      await sms.sendCode(client.sid, phone, SMS_PURPOSE.rebind, client.ip);
    },

    async updateMobile(
      user: AuthUser,
      input: { telphone: string; verifycode: string; ticket: string },
      client: ClientInfo,
      origin: string,
    ): Promise<AccountProfile> {
      const account = await fresh(user);
      // The ticket is checked first and used last: a mistyped code keeps it for the next try.
      if (!(await ticketValid(account, input.ticket))) throw errors.reauthRequired();
      if (account.mobile === input.telphone) throw errors.mobileUnchanged();
      await assertMobileFree(account, input.telphone);
      await codes.verify(input.telphone, SMS_PURPOSE.rebind, input.verifycode);
      await consumeTicket(account, input.ticket);
      await users.changeOwnColumns(account.id, { mobile: input.telphone }, now().toISOString());
      auth.accountChanged(account.id);
      if (account.mobile) {
        const old = account.mobile;
        await Promise.all(ALL_PURPOSES.map((purpose) => codes.consume(old, purpose)));
      }
      await audit(account.id, 'mobile_changed', client.ip);
      return profileOf(await fresh(user), origin);
    },

    async requestEmail(
      user: AuthUser,
      input: { email: string; ticket: string },
      client: ClientInfo,
      origin: string,
    ): Promise<EmailPending> {
      const account = await fresh(user);
      if (!(await ticketValid(account, input.ticket))) throw errors.reauthRequired();
      if (account.email.toLowerCase() === input.email) throw errors.emailUnchanged();
      await consumeTicket(account, input.ticket);
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await replaceEmailToken(db, {
        token_hash: sha256(token),
        user_id: account.id,
        email: input.email,
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + EMAIL_TOKEN_HOURS * HOUR_MS).toISOString(),
        used_at: null,
      });
      const link = `${origin}/api/bind/email/?token=${token}`;
      try {
        await mail.send({
          to: input.email,
          subject: '请确认您的邮箱地址',
          text: `您好，${account.username}：\n请在${EMAIL_TOKEN_HOURS}小时内打开以下链接，完成邮箱绑定：\n${link}\n如非本人操作，请忽略本邮件。`,
          html: `<p>您好，${escapeHtml(account.username)}：</p><p>请在${EMAIL_TOKEN_HOURS}小时内点击以下链接，完成邮箱绑定：</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>如非本人操作，请忽略本邮件。</p>`,
        });
      } catch (err) {
        log.error({ err, provider: mail.name }, 'mail delivery failed');
        throw errors.mailFailed();
      }
      await audit(account.id, 'email_requested', client.ip);
      return { email_pending: maskEmail(input.email), expires_in_hours: EMAIL_TOKEN_HOURS };
    },

    /** The link of the confirmation mail: one-time, 24 hours. */
    async confirmEmail(token: string | undefined, ip: string): Promise<void> {
      if (!token || token.length > 128) throw errors.emailTokenInvalid();
      const row = await findEmailToken(db, sha256(token));
      if (!row || row.used_at !== null) throw errors.emailTokenInvalid();
      const at = now().toISOString();
      if (row.expires_at <= at) throw errors.emailTokenExpired();
      // The link is used and its address stored on the account at most once, in one transaction.
      const used = await db.transaction().execute(async (trx) => {
        if (!(await markEmailTokenUsed(trx, row, at))) return false;
        await users.changeOwnColumns(row.user_id, { email: row.email }, at, trx);
        return true;
      });
      if (!used) throw errors.emailTokenInvalid();
      auth.accountChanged(row.user_id);
      await audit(row.user_id, 'email_confirmed', ip);
    },

    async security(user: AuthUser): Promise<SecurityState> {
      const account = await fresh(user);
      const [pending, logins, sessions, events] = await Promise.all([
        pendingEmail(db, account.id, now().toISOString()),
        auth.recentLogins(account.id, LOGIN_EVENTS_SHOWN),
        auth.liveSessions(account.id),
        listSecurityEvents(db, account.id, AUDIT_SHOWN),
      ]);
      return {
        mobile: maskMobile(account.mobile),
        email: maskEmail(account.email),
        email_confirmed: account.email !== '',
        email_pending: maskEmail(pending ?? ''),
        password_changed_at: account.passwordChangedAt,
        login_events: logins.map(toLoginEventItem),
        sessions: sessions.map((s) => toSessionItem(s, user.jti)),
        audit: events.map(toSecurityEventItem),
      };
    },

    async endSession(user: AuthUser, jti: string, client: ClientInfo): Promise<void> {
      if (jti === user.jti) throw errors.sessionIsCurrent();
      const ended = await auth.endSession(user.account.id, jti, SESSION_END.endedByOwner);
      if (!ended) throw errors.sessionNotFound();
      await audit(user.account.id, 'session_ended', client.ip);
    },

    async policyCounts(): Promise<PolicyCountItem[]> {
      const rows = await countPolicyItemsByType(db, now().toISOString());
      const counts = new Map(rows.map((r) => [r.type, Number(r.n)]));
      // The dashboard's categories (policy_items.type).
      return POLICY_CATEGORIES.map(({ key, keyname }) => ({
        type: key,
        name: keyname,
        count: counts.get(key) ?? 0,
      }));
    },

    /** The confirmation page's account link. */
    accountPageUrl,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
