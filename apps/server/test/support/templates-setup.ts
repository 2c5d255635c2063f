// The server projects' global setup: the folder and the PostgreSQL name prefix of this run's template databases
// (support/app.ts "Templates"), removed when the run ends, whatever its workers left.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this run for the SQLite templates. */
    templateDir: string;
    /** The name prefix of this run's PostgreSQL templates. */
    templatePrefix: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'uc-templates-'));
  const prefix = `uc_tpl_${process.pid}`;
  project.provide('templateDir', dir);
  project.provide('templatePrefix', prefix);
  return async () => {
    await rm(dir, { recursive: true, force: true });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1',
        [`${prefix}\\_%`],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
