// SQL of the console's 会员 section: accounts filtered for the list and its export (with the plan's name and the
// main account's username beside each) and a member's sub-accounts; the plan and staff hold the console sets are
// written through the users service.
import type { Db } from '../../db/connection.js';
import { newestFirstList } from '../../db/listing.js';
import { containsText } from '../../lib/sql-contains.js';

export interface MemberFilter {
  username?: string | undefined;
  mobile?: string | undefined;
  company?: string | undefined;
  level?: number | undefined;
  /** true: held by staff, itself or with its main account; false: the others. */
  disabled?: boolean | undefined;
  /** ISO instants: registered at or after `since`, before `until`. */
  since?: string | undefined;
  until?: string | undefined;
}

function filtered(db: Db, f: MemberFilter) {
  let query = db
    .selectFrom('users as u')
    .leftJoin('users as p', 'p.id', 'u.parent_id')
    .leftJoin('plans as g', 'g.gid', 'u.gid')
    // A deleted sub-account is no account any more.
    .where('u.deleted_at', 'is', null);
  if (f.username) query = query.where(containsText('u.username', f.username));
  if (f.mobile) query = query.where(containsText('u.mobile', f.mobile));
  if (f.company) query = query.where(containsText('u.company_name', f.company));
  if (f.level !== undefined) query = query.where('u.level', '=', f.level);
  if (f.disabled === true)
    query = query.where((w) =>
      w.or([w('u.staff_disabled_at', 'is not', null), w('p.staff_disabled_at', 'is not', null)]),
    );
  if (f.disabled === false)
    query = query.where('u.staff_disabled_at', 'is', null).where('p.staff_disabled_at', 'is', null);
  if (f.since) query = query.where('u.created_at', '>=', f.since);
  if (f.until) query = query.where('u.created_at', '<', f.until);
  return query;
}

const MEMBER_COLUMNS = [
  'u.id',
  'u.username',
  'u.company_name',
  'u.mobile',
  'u.email',
  'u.contact_name',
  'u.area',
  'u.site',
  'u.level',
  'u.gid',
  'u.expired_at',
  'u.is_sub',
  'u.enabled',
  'u.staff_disabled_at',
  'u.password_changed_at',
  'u.group_id',
  'u.created_at',
  'p.username as parent_username',
  'p.staff_disabled_at as parent_staff_disabled_at',
  'g.name as plan_name',
] as const;

/** Members of the filter, newest first (`beforeId` continues an export after the last row read); one by id. */
export const memberList = newestFirstList(filtered, (query) => query.select(MEMBER_COLUMNS), 'u.id');

export type MemberRow = Awaited<ReturnType<typeof memberList.rows>>[number];

/** The live sub-accounts of a main account, oldest first. */
export function listSubAccounts(db: Db, parentId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'contact_name', 'mobile', 'enabled', 'created_at'])
    .where('parent_id', '=', parentId)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'asc')
    .execute();
}
