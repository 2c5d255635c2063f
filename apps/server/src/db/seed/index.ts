// Seeds an empty database: the menu tree and the plan catalogue always, the demo accounts and their content when asked; idempotent, transactional.
import type { Kysely, Transaction } from 'kysely';
import type { FileStore } from '../../lib/file-store.js';
import { hashPassword, sha256Hex } from '../../lib/password.js';
import type { Db } from '../connection.js';
import type { Database } from '../schema.js';
import { seedDemoContent } from './content/demo.js';
import { seedDemoTickets, seedHelpArticles } from './content/help.js';
import { seedDemoCoupons } from './coupons.js';
import { DEMO_USERS, expiryOf } from './demo-users.js';
import { seedGiftCards } from './gift-cards.js';
import { MENU_TREE, type MenuSeed } from './menus.js';
import { seedDemoMessages, seedDemoPolicyMessage } from './messages.js';
import { seedPlans } from './plans.js';
import { seedTools } from './tools.js';

interface SeedResult {
  menus: number;
  /** Plans of the catalogue (product data, like the menus). */
  plans: number;
  tools: number;
  giftCards: number;
  users: number;
  /** Demo content rows: customers, policy items, news, publicity, ... (seeded once, after the demo accounts). */
  content: number;
}

async function isEmpty(db: Kysely<Database>, table: 'users' | 'menus'): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

async function insertMenus(
  trx: Transaction<Database>,
  nodes: MenuSeed[],
  parentId: number | null,
  now: string,
): Promise<number> {
  let count = 0;
  for (const [index, node] of nodes.entries()) {
    const { id } = await trx
      .insertInto('menus')
      .values({
        parent_id: parentId,
        path: node.path,
        name: node.name,
        component: node.component,
        hidden: node.hidden ? 1 : 0,
        always_show: node.alwaysShow ? 1 : 0,
        redirect: node.redirect ?? null,
        title: node.title,
        icon: node.icon ?? '',
        sort: index + 1,
        min_level: node.minLevel ?? 0,
        package_only: node.packageOnly ? 1 : 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    count += 1 + (await insertMenus(trx, node.children ?? [], id, now));
  }
  return count;
}

async function insertDemoUsers(
  trx: Transaction<Database>,
  hashes: Map<string, string>,
  now: Date,
): Promise<number> {
  const stamp = now.toISOString();
  const ids = new Map<string, number>();
  for (const user of DEMO_USERS) {
    const parentId = user.parent ? ids.get(user.parent) : undefined;
    const passwordHash = hashes.get(user.password);
    if ((user.parent && parentId === undefined) || !passwordHash)
      throw new Error(`Bad demo user ${user.username}`);
    const { id } = await trx
      .insertInto('users')
      .values({
        username: user.username,
        password_hash: passwordHash,
        company_name: user.companyName,
        email: user.email,
        mobile: user.mobile,
        level: user.level,
        gid: user.gid,
        expired_at: expiryOf(user, now),
        is_sub: parentId === undefined ? 0 : 1,
        parent_id: parentId ?? null,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A main account is its own push group; a sub-account joins its parent's.
    await trx
      .updateTable('users')
      .set({ group_id: parentId ?? id })
      .where('id', '=', id)
      .execute();
    ids.set(user.username, id);
    const expiry = expiryOf(user, now);
    if (user.gid !== null && expiry !== null && parentId === undefined) {
      // A seeded plan was given, not paid: worth nothing to a later switch's credit.
      await trx
        .insertInto('plan_periods')
        .values({
          user_id: id,
          gid: user.gid,
          kind: 'start',
          starts_at: stamp,
          ends_at: expiry,
          value_fen: 0,
          source: 'seed',
          order_id: null,
          created_at: stamp,
        })
        .execute();
    }
  }
  return ids.size;
}

/**
 * Fills `table` in one transaction if it is empty. When another instance seeds it at the same time,
 * a unique key (username, menu name) rolls this one back and the other's data stands.
 */
async function seedTable(
  db: Db,
  table: 'users' | 'menus',
  fill: (trx: Transaction<Database>) => Promise<number>,
): Promise<number> {
  try {
    return await db.transaction().execute(async (trx) => ((await isEmpty(trx, table)) ? fill(trx) : 0));
  } catch (error) {
    if (await isEmpty(db, table)) throw error;
    return 0;
  }
}

export async function seedDatabase(
  db: Db,
  options: {
    demo: boolean;
    now?: Date;
    /** Where the demo's notice files go (none: no attachments or images). */
    files?: FileStore;
    /** The demo's new items are scheduled this far apart after the seed (0: none). */
    newItemsAfterSeconds?: number;
  },
): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const result: SeedResult = { menus: 0, plans: 0, tools: 0, giftCards: 0, users: 0, content: 0 };
  if (await isEmpty(db, 'menus')) {
    result.menus = await seedTable(db, 'menus', (trx) =>
      insertMenus(trx, MENU_TREE, null, now.toISOString()),
    );
    // 帮助中心's first articles come with a new database, as the menus do (staff edit them afterwards).
    await seedHelpArticles(db, now);
  }
  result.plans = await seedPlans(db);
  result.tools = await seedTools(db);
  result.giftCards = await seedGiftCards(db);
  if (options.demo && (await isEmpty(db, 'users'))) {
    // Hash outside the transaction: Argon2 is slow on purpose and must not hold a write lock.
    const passwords = [...new Set(DEMO_USERS.map((u) => u.password))];
    const hashes = new Map(
      await Promise.all(passwords.map(async (p) => [p, await hashPassword(sha256Hex(p))] as const)),
    );
    result.users = await seedTable(db, 'users', (trx) => insertDemoUsers(trx, hashes, now));
    if (result.users > 0) {
      await seedDemoCoupons(db, now);
      await seedDemoMessages(db, now);
      await seedDemoTickets(db, now);
    }
  }
  if (options.demo)
    result.content = await seedDemoContent(db, now, options.newItemsAfterSeconds ?? 0, options.files);
  // The demo's 政策推送 opens one of the notices just seeded.
  if (result.content > 0) await seedDemoPolicyMessage(db, now);
  return result;
}
