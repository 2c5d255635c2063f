// Accounts as the rest of the server sees them: the user row plus the membership that actually applies to it.
import { LEVEL } from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { hashPassword } from '../../lib/password.js';
import {
  type AccountRow,
  countAccountRowsByMobile,
  findAccountRowById,
  findAccountRowByUsername,
  findAccountRowsByMobile,
  insertUser,
  setOwnGroup,
  type UserChange,
  updateUser,
  usernameExists,
} from './repo.js';

interface Membership {
  level: number;
  /** Plan id, null for none. */
  gid: number | null;
  /** ISO-8601 UTC, null for none. */
  expiredAt: string | null;
}

export interface Account {
  id: number;
  username: string;
  email: string;
  avatar: string;
  companyName: string;
  mobile: string | null;
  isService: boolean;
  isSub: boolean;
  isOneClick: boolean;
  /** The main account of a sub-account, null for a main account. */
  parentId: number | null;
  /** false: disabled by its main account (login refused). */
  enabled: boolean;
  /** Disabled by staff in the console (login refused; only staff enable it again). */
  staffDisabled: boolean;
  /** Its main account is disabled by staff: a sub-account is held with it (users/admission.ts). */
  parentStaffDisabled: boolean;
  /** Contact name ('' when never set). */
  contactName: string;
  /** ISO-8601 of the last password change, null when never changed. */
  passwordChangedAt: string | null;
  groupId: number;
  area: string;
  site: string;
  createdAt: string;
  /** What permissions follow: the parent's plan for a sub-account, trial rights once a plan has expired. */
  membership: Membership;
}

export function effectiveMembership(own: Membership, parent: Membership | null, now: Date): Membership {
  const plan = parent ?? own;
  const expired = plan.expiredAt !== null && Date.parse(plan.expiredAt) <= now.getTime();
  return expired ? { ...plan, level: Math.min(plan.level, LEVEL.trialMax) } : plan;
}

function toAccount(row: AccountRow, now: Date): Account {
  const own = { level: row.level, gid: row.gid, expiredAt: row.expired_at };
  const parent =
    row.is_sub && row.parent_level !== null
      ? { level: row.parent_level, gid: row.parent_gid, expiredAt: row.parent_expired_at }
      : null;
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    avatar: row.avatar,
    companyName: row.company_name,
    mobile: row.mobile,
    isService: row.is_service === 1,
    isSub: row.is_sub === 1,
    isOneClick: row.is_one_click === 1,
    parentId: row.parent_id,
    enabled: row.enabled === 1,
    staffDisabled: row.staff_disabled_at !== null,
    parentStaffDisabled: row.is_sub === 1 && row.parent_staff_disabled_at !== null,
    contactName: row.contact_name,
    passwordChangedAt: row.password_changed_at,
    groupId: row.group_id,
    area: row.area,
    site: row.site,
    createdAt: row.created_at,
    membership: effectiveMembership(own, parent, now),
  };
}

/** The columns an account's owner (or, for a sub-account, its main account) changes. */
export type OwnColumns = Pick<
  UserChange,
  'contact_name' | 'avatar' | 'email' | 'mobile' | 'enabled' | 'disabled_at'
>;

/** A member's plan as stored: level, plan id and expiry (null: none). */
export interface StoredPlan {
  level: number;
  gid: number | null;
  expired_at: string | null;
}

/** A new main account (it becomes its own group). */
export interface NewMainAccount {
  username: string;
  passwordHash: string;
  companyName: string;
  mobile: string;
  level: number;
  area: string;
  source: string | null;
  at: string;
}

/** A new sub-account: its main account's group, company, area and site; level and plan come from the parent. */
export interface NewSubAccount {
  parentId: number;
  username: string;
  passwordHash: string;
  contactName: string;
  mobile: string | null;
  companyName: string;
  area: string;
  site: string;
  at: string;
}

interface UsersDeps {
  db: Db;
  /** The app clock: whether a plan has expired is decided on it. */
  now: () => Date;
}

export function createUsersService({ db, now }: UsersDeps) {
  return {
    async findById(id: number): Promise<Account | null> {
      const row = await findAccountRowById(db, id);
      return row ? toAccount(row, now()) : null;
    },

    /** The account and its stored password hash, for the login check only. */
    async findLoginCandidate(username: string): Promise<{ account: Account; passwordHash: string } | null> {
      const row = await findAccountRowByUsername(db, username);
      return row ? { account: toAccount(row, now()), passwordHash: row.password_hash } : null;
    },

    /** The accounts bound to a mobile, main accounts first, oldest first (so [0] is the one SMS login signs into). */
    async findByMobile(mobile: string): Promise<Account[]> {
      const at = now();
      return (await findAccountRowsByMobile(db, mobile)).map((row) => toAccount(row, at));
    },

    /** Case-insensitive; a deleted sub-account's username stays taken. */
    usernameTaken(username: string): Promise<boolean> {
      return usernameExists(db, username);
    },
    countByMobile(mobile: string): Promise<number> {
      return countAccountRowsByMobile(db, mobile);
    },

    bindMobile(userId: number, mobile: string): Promise<void> {
      return updateUser(db, userId, { mobile }, now().toISOString());
    },

    /** Stores the Argon2id hash of the new (client-hashed) password; `q` is a caller's transaction (the console's). */
    async setPassword(userId: number, clientHash: string, q: Db = db): Promise<void> {
      const hash = await hashPassword(clientHash);
      const at = now().toISOString();
      await updateUser(q, userId, { password_hash: hash, password_changed_at: at }, at);
    },

    // The writes below take the caller's time stamp and, where the change commits with others, its transaction `q`.

    /** The account's own columns: its profile, or a sub-account's by its main account. */
    changeOwnColumns(userId: number, values: OwnColumns, at: string, q: Db = db): Promise<void> {
      return updateUser(q, userId, values, at);
    },

    /** The member's plan: credited or taken back with an order, or set by staff. */
    setPlan(userId: number, plan: StoredPlan, at: string, q: Db = db): Promise<void> {
      return updateUser(q, userId, plan, at);
    },

    /** Sets staff's hold (`heldAt`) or lifts it (null). */
    setStaffHold(userId: number, heldAt: string | null, at: string, q: Db = db): Promise<void> {
      return updateUser(q, userId, { staff_disabled_at: heldAt }, at);
    },

    /** Soft delete of a sub-account: the row stays (username taken, audit names kept), it stops being an account. */
    markSubDeleted(userId: number, at: string, q: Db = db): Promise<void> {
      return updateUser(q, userId, { deleted_at: at, enabled: 0, disabled_at: at, mobile: null }, at);
    },

    /** A main account without a plan, its own group; its id. */
    async createMainAccount(account: NewMainAccount, q: Db = db): Promise<number> {
      const id = await insertUser(q, {
        username: account.username,
        password_hash: account.passwordHash,
        company_name: account.companyName,
        mobile: account.mobile,
        level: account.level,
        gid: null,
        expired_at: null,
        parent_id: null,
        area: account.area,
        source: account.source,
        created_at: account.at,
        updated_at: account.at,
      });
      await setOwnGroup(q, id);
      return id;
    },

    /** A sub-account in its main account's group; its id. */
    createSubAccount(sub: NewSubAccount, q: Db = db): Promise<number> {
      return insertUser(q, {
        username: sub.username,
        password_hash: sub.passwordHash,
        company_name: sub.companyName,
        contact_name: sub.contactName,
        mobile: sub.mobile,
        level: 0,
        gid: null,
        expired_at: null,
        is_sub: 1,
        parent_id: sub.parentId,
        group_id: sub.parentId,
        area: sub.area,
        site: sub.site,
        created_at: sub.at,
        updated_at: sub.at,
        password_changed_at: null,
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
