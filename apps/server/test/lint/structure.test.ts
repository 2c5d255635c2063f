// scripts/lint-structure.mjs (npm run lint:structure) on a small tree of its own (--root): the owner map of
// docs/architecture.md "Who writes each table" against db/schema.ts and the writes of the server. A write from a
// module other than the table's owner (a Kysely builder or raw SQL), a table without a row and a row without a table
// each fail, naming the file and line; the owner's repo, a db/ file the row lists and the seed pass.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../../scripts/lint-structure.mjs', import.meta.url));

const SCHEMA = `export interface UsersTable {
  id: number;
  plan: string;
}
export interface Database {
  users: UsersTable;
}
export interface Database {
  orders: { id: number; user_id: number };
}
`;

const DOC = `# Architecture

### Who writes each table

Each table has one owner.

| table | owner | also written by |
| --- | --- | --- |
| \`users\` | \`users\` | |
| \`orders\` | \`commerce\` | \`db/orders-repo.ts\` |

| username | password |
| --- | --- |
| \`demouser\` | \`Demo12345\` |
`;

let root: string;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

function lint() {
  return spawnSync(process.execPath, [script, '--root', root], { encoding: 'utf8' });
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'uc-structure-'));
  write('docs/architecture.md', DOC);
  write('apps/server/src/db/schema.ts', SCHEMA);
  write(
    'apps/server/src/modules/users/repo.ts',
    "export const setPlan = (db, id, plan) => db.updateTable('users').set({ plan }).where('id', '=', id).execute();\n",
  );
  write(
    'apps/server/src/modules/commerce/repo.ts',
    "export const addOrder = (db, row) => db.insertInto('orders').values(row).execute();\n",
  );
  write(
    'apps/server/src/db/orders-repo.ts',
    "export const dropOrders = (db) => db.deleteFrom('orders').execute();\n",
  );
  write(
    'apps/server/src/db/seed/index.ts',
    "export const seed = (db) => db.insertInto('users').values({ id: 1, plan: 'trial' }).execute();\n",
  );
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('lint:structure, who writes each table', { timeout: 30_000 }, () => {
  it('passes when every table is written by its owner, a db/ file its row lists or the seed', () => {
    const clean = lint();
    expect(clean.stderr).toBe('');
    expect(clean.status).toBe(0);
  });

  it('fails on a write to a table from a module that does not own it, as a builder or as raw SQL', () => {
    write(
      'apps/server/src/modules/commerce/repo.ts',
      [
        "import { sql } from 'kysely';",
        "export const addOrder = (db, row) => db.insertInto('orders').values(row).execute();",
        "export const setPlan = (db, id) => db.updateTable('users').set({ plan: 'pro' }).where('id', '=', id).execute();",
        'export const clearPlan = (db, id) =>',
        '  sql`',
        "    UPDATE users SET plan = ''",
        // An interpolation inside the template (`\u0024` is the `$` of `${id}`).
        '    WHERE id = \u0024{id}`.execute(db);',
        // Neither a lock nor an upsert's update writes the table it names.
        'export const lock = (db) => sql`SELECT id FROM orders FOR UPDATE`.execute(db);',
        '',
      ].join('\n'),
    );
    const planted = lint();
    expect(planted.status).toBe(1);
    // The builder's line, and the raw statement's own line inside the template.
    for (const line of [3, 6]) {
      const at = `apps/server/src/modules/commerce/repo.ts:${line}`;
      expect(planted.stderr).toContain(`${at}: writes table users, owned by users (docs/architecture.md:9)`);
    }
    expect(planted.stderr).toContain('structure: 2 violation(s)');
  });

  it('fails on a table of db/schema.ts without a row', () => {
    write(
      'apps/server/src/db/schema.ts',
      `${SCHEMA}export interface Database {\n  refunds: { id: number };\n}\n`,
    );
    const planted = lint();
    expect(planted.status).toBe(1);
    expect(planted.stderr).toContain(
      'apps/server/src/db/schema.ts:12: table refunds has no row in docs/architecture.md "Who writes each table"',
    );
  });

  it('fails on a row naming a table that does not exist', () => {
    write(
      'docs/architecture.md',
      read('docs/architecture.md').replace('\n\n| username', '\n| `ghosts` | `users` | |\n\n| username'),
    );
    const planted = lint();
    expect(planted.status).toBe(1);
    expect(planted.stderr).toContain('docs/architecture.md:11: table ghosts does not exist');
  });
});
