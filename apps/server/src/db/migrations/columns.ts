// Column builders the migrations share. Migrations use this file, so it is frozen like them: add functions, never
// change what one does.
import type { CreateTableBuilder } from 'kysely';

/** An integer key the database assigns: identity on PostgreSQL, AUTOINCREMENT on SQLite. */
export function withId<T extends string>(table: CreateTableBuilder<T>, postgres: boolean) {
  return postgres
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
