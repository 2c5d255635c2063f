// The Kysely instance: better-sqlite3 in the data folder by default, a pg pool when DATABASE_URL is PostgreSQL.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/** Whether the database is PostgreSQL (row locks with FOR UPDATE; SQLite runs one write transaction at a time). */
export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The query reading rows a transaction is about to change: locked until it ends on PostgreSQL (FOR UPDATE). */
export const forUpdate = <Q extends { forUpdate(): Q }>(db: Db, query: Q): Q =>
  isPostgres(db) ? query.forUpdate() : query;

export const SQLITE_FILE = 'usercenter.db';

interface ErrorLogger {
  error(obj: object, msg: string): void;
}

export function createDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>, log: ErrorLogger): Db {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (err) => log.error({ err }, 'PostgreSQL idle client error'));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  mkdirSync(config.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(config.dataDir, SQLITE_FILE));
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged write (a payment) survives a power cut (docs/architecture.md §1).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
