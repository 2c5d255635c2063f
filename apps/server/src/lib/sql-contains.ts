// "column contains text" for the filters of lists: a LIKE with the text's wildcards escaped, written with the same
// ESCAPE on SQLite and PostgreSQL (SQLite has no default escape character).
import { type Expression, type SqlBool, sql } from 'kysely';

export function containsText(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
