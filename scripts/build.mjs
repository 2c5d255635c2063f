#!/usr/bin/env node
// Builds what is missing or stale: the server (incremental tsc), the web app and the operator console (vite, only
// when their inputs changed, then their text assets pre-compressed with brotli and gzip). `--force` rebuilds everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

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

/** Files below this size gain less than the headers of a compressed response cost. */
const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json']);
const brotli = promisify(brotliCompress);
/**
 * Brotli's best quality for what is served; a CI run (CI set) takes a fast one: it proves the build and the serving
 * of pre-compressed files, not their last percent of size, and quality 11 costs seconds of CPU per megabyte.
 */
const BROTLI_QUALITY = process.env.CI && process.env.CI !== 'false' ? 5 : constants.BROTLI_MAX_QUALITY;
const gz = promisify(gzip);

/**
 * Writes `<file>.br` (brotli, quality 11 but in CI) and `<file>.gz` (gzip, level 9) beside every text asset of the web build,
 * for the server to send by Accept-Encoding (@fastify/static `preCompressed`), so no request pays for compression.
 * index.html is left out: the server fills it in at run time and compresses the result itself. A variant that
 * would not be smaller is not written.
 */
async function precompress(dir) {
  const files = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) walk(p);
      else if (COMPRESSIBLE.has(extname(p)) && relative(dir, p) !== 'index.html') files.push(p);
    }
  };
  walk(dir);
  let count = 0;
  let before = 0;
  let after = 0;
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      if (body.length < COMPRESS_MIN_BYTES) return;
      const [br, gzipped] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]:
              extname(file) === '.svg' ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gz(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      count += 1;
      before += body.length;
      after += Math.min(br.length, body.length);
      if (br.length < body.length) await writeFile(`${file}.br`, br);
      if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
    }),
  );
  console.log(
    `[build] pre-compressed ${count} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB brotli`,
  );
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
  'apps/web/pure-schemas.ts',
  'apps/web/package.json',
  'packages/shared/src',
  'packages/client/src',
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
  await precompress(join(root, 'apps/web/dist'));
  // The server's render of signed-in first views (apps/web/src/entry-server.tsx), into dist/.ssr.
  console.log('[build] web first views for the server (vite --ssr)');
  run(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--ssr', 'src/entry-server.tsx'],
    join(root, 'apps/web'),
  );
  writeFileSync(stamp, new Date().toISOString());
} else {
  console.log('[build] web is up to date');
}

// The operator console (apps/admin), its own build under /admin/.
const adminStamp = join(root, 'apps/admin/dist/.build-stamp');
const adminInputs = [
  'apps/admin/src',
  'apps/admin/public',
  'apps/admin/index.html',
  'apps/admin/vite.config.ts',
  'apps/admin/package.json',
  'packages/shared/src',
  'packages/client/src',
  'package-lock.json',
];
if (force || !existsSync(adminStamp) || newest(adminInputs) > statSync(adminStamp).mtimeMs) {
  console.log('[build] admin (vite)');
  run(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    join(root, 'apps/admin'),
  );
  await precompress(join(root, 'apps/admin/dist'));
  writeFileSync(adminStamp, new Date().toISOString());
} else {
  console.log('[build] admin is up to date');
}
