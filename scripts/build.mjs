#!/usr/bin/env node
// Builds what is missing or stale: the server (incremental tsc) and the web app (vite, only when its inputs changed).
// `--force` rebuilds everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

function run(cmd, args, cwd = root) {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** Newest modification time below the given paths (files or folders), skipping build output. */
function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        walk(join(p, name));
      }
    } else if (!/\.test\.tsx?$/.test(p)) {
      max = Math.max(max, st.mtimeMs);
    }
  };
  for (const p of paths) walk(join(root, p));
  return max;
}

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
console.log('[build] server (incremental)');
run(process.execPath, [tsc, '-b', ...(force ? ['--force'] : []), 'apps/server']);

const stamp = join(root, 'apps/web/dist/.build-stamp');
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
  'package-lock.json',
];
const stale = force || !existsSync(stamp) || newest(inputs) > statSync(stamp).mtimeMs;
if (stale) {
  console.log('[build] web (vite)');
  run(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    join(root, 'apps/web'),
  );
  writeFileSync(stamp, new Date().toISOString());
} else {
  console.log('[build] web is up to date');
}
