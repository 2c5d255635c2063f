#!/usr/bin/env node
// Serves the production build on a scratch PostgreSQL database (created from TEST_DATABASE_URL, dropped on exit),
// so the journeys run on PostgreSQL as well as on SQLite.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const admin = process.env.TEST_DATABASE_URL;
if (!admin) throw new Error('serve-postgres needs TEST_DATABASE_URL');
const name = `uc_e2e_${process.pid}_${Date.now().toString(36)}`;

async function sql(text) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

await sql(`CREATE DATABASE ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;

const main = join(dirname(fileURLToPath(import.meta.url)), '../apps/server/dist/main.js');
const server = spawn(process.execPath, [main], {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url.toString() },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', async (code) => {
  await sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((err) => console.error(err));
  process.exit(code ?? 0);
});
