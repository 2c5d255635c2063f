#!/usr/bin/env node
// `npm start`: build what is missing or stale, then run the server (it migrates, seeds an empty database and serves).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href);
