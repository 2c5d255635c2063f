#!/usr/bin/env node
// Duplicated logic, counted per part of the code against a ceiling that only goes down (docs/contributing.md "Rules
// that npm run lint enforces"): jscpd finds the pairs of places that share six or more lines of the same shape, and
// scripts/duplication-ceilings.json holds how many pairs each part may have. Above its ceiling the check names the
// part's pairs with a side in a changed file (all of them when none has) and exits 1; below it, it asks for the
// ceiling to be lowered (`--update` writes today's counts, never a higher one), so that duplication removed cannot
// silently grow back.
//
// What counts as a pair, and what the settings leave out:
// - a run of at least 6 lines and 70 tokens whose code is the same but for names (jscpd --ignore-identifiers): a copy
//   whose variables, types and functions were renamed is still the same logic. Literals are kept, so tables of
//   messages, paths or settings, which differ in their strings, do not pair up. Below 70 tokens the runs found were
//   short calls, object spreads and JSX attributes rather than logic;
// - comments and import statements are skipped (--mode weak, --ignore-pattern): an import list is not logic;
// - test files, migrations (frozen once merged, and never importing app code) and the web app's per-endpoint files
//   (`features/<area>/api/`: one fetcher, its query options and hook each, the shape docs/contributing.md prescribes)
//   are not read, nor are build output and generated files;
// - not a pair: a run that overlaps its own match in one file (a list of entries of one shape), a run most of whose
//   lines have one shape under other names (a table: schema fields, service wiring, error factories), and a run across
//   a route's registration (`app.get(`, `routeAt(`, `dataAt(`), which is the end of one route declaration and the start
//   of the next: beyond its declaration a route holds a call to its service;
// - overlapping runs of the same two places count as one pair.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const at = args.indexOf('--root');
/** `--root DIR` checks another tree (the check's own test plants a duplicate in a small one). */
// Its real path: jscpd names files by theirs, and a temporary folder may be reached through a link (macOS /var).
const base = realpathSync(at >= 0 && args[at + 1] ? resolve(args[at + 1]) : root);
const update = args.includes('--update');
/** `--list` names every pair, for choosing what to merge next. */
const list = args.includes('--list');
const ceilingsFile = join(base, 'scripts/duplication-ceilings.json');

const GROUPS = [
  { name: 'server+shared', paths: ['apps/server/src', 'packages/shared/src'], ignore: [] },
  // The client package both apps use is read with each, so a piece copied back into either app counts.
  { name: 'web', paths: ['apps/web/src', 'packages/client/src'], ignore: ['**/features/*/api/**'] },
  { name: 'admin', paths: ['apps/admin/src', 'packages/client/src'], ignore: [] },
];
const IGNORE = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/dist/**',
  '**/migrations/**',
  '**/*.d.ts',
  '**/*.gen.ts',
];
const jscpd = createRequire(import.meta.url).resolve('jscpd/run-jscpd.js');

/** The clones jscpd reports for one group, as written by its JSON reporter. */
function clones(group) {
  const paths = group.paths.map((p) => join(base, p)).filter((p) => existsSync(p));
  if (paths.length === 0) return [];
  const out = mkdtempSync(join(tmpdir(), 'uc-duplication-'));
  try {
    const run = spawnSync(
      process.execPath,
      [
        jscpd,
        ...paths,
        ['--format', 'typescript,tsx'],
        ['--min-lines', '6'],
        ['--min-tokens', '70'],
        ['--mode', 'weak'],
        '--ignore-identifiers',
        ['--ignore-pattern', 'import [^;]*;'],
        ['--ignore', [...IGNORE, ...group.ignore].join(',')],
        ['--reporters', 'json'],
        ['--output', out],
        '--absolute',
        '--no-colors',
      ].flat(),
      { encoding: 'utf8' },
    );
    const report = join(out, 'jscpd-report.json');
    if (run.status !== 0 || !existsSync(report)) {
      console.error(`duplication: jscpd failed on ${group.name}\n${run.stderr || run.stdout || run.error}`);
      process.exit(1);
    }
    return JSON.parse(readFileSync(report, 'utf8')).duplicates;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const overlap = (a, b) => a.start <= b.end && b.start <= a.end;

/** The shape of a line: its strings, numbers and names replaced, so that entries of one table read the same. */
const shape = (line) =>
  line
    .trim()
    .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, 'S')
    .replace(/\b\d[\d_.]*\b/g, 'N')
    .replace(/[A-Za-z_$][\w$]*/g, 'I');

/** Whether at least half of a fragment's code lines have one shape: a table of entries rather than logic. */
function isTable(fragment) {
  const lines = fragment.split('\n').filter((l) => l.trim() && !/^\s*(\/\/|\/\*|\*)/.test(l));
  const counts = new Map();
  for (const l of lines) counts.set(shape(l), (counts.get(shape(l)) ?? 0) + 1);
  return lines.length > 0 && Math.max(...counts.values()) * 2 >= lines.length;
}

/** A route's registration: a run across it is the end of one route declaration and the start of the next. */
const ROUTE = /\bapp\.(get|post|put|patch|delete|route)\(|\b(routeAt|dataAt)\(/;

/** The pairs of places of one group, the longest first, after the filters the header describes. */
function pairs(group) {
  const kept = [];
  for (const c of clones(group).sort((x, y) => y.tokens - x.tokens)) {
    const a = { ...c.firstFile, name: relative(base, c.firstFile.name) };
    const b = { ...c.secondFile, name: relative(base, c.secondFile.name) };
    if (a.name === b.name && overlap(a, b)) continue;
    if (kept.some(([x, y]) => x.name === a.name && y.name === b.name && overlap(x, a) && overlap(y, b)))
      continue;
    if (c.kind !== 'exact' && isTable(c.fragment)) continue;
    if (ROUTE.test(c.fragment)) continue;
    kept.push([a, b]);
  }
  return kept;
}

/** Files with uncommitted changes (untracked ones included), or null outside a git work tree. */
function changedFiles() {
  const git = spawnSync('git', ['status', '--porcelain', '-z', '--untracked-files=all'], {
    cwd: base,
    encoding: 'utf8',
  });
  if (git.status !== 0) return null;
  return new Set(
    git.stdout
      .split('\0')
      .filter((entry) => entry.length > 3)
      .map((entry) => entry.slice(3)),
  );
}

const where = (side) => `${side.name}:${side.start}-${side.end}`;

let ceilings = {};
try {
  ceilings = JSON.parse(readFileSync(ceilingsFile, 'utf8'));
} catch {
  if (!update) {
    console.error(
      `duplication: no ceilings in ${relative(base, ceilingsFile)} (npm run lint:duplication -- --update)`,
    );
    process.exit(1);
  }
}

let failed = false;
const lowered = { ...ceilings };
for (const group of GROUPS) {
  const found = pairs(group);
  const ceiling = ceilings[group.name];
  const count = `duplication: ${group.name} has ${found.length} ${found.length === 1 ? 'pair' : 'pairs'}`;
  if (ceiling === undefined) {
    if (update) {
      lowered[group.name] = found.length;
      console.log(`${count}: its ceiling set to ${found.length}`);
    } else {
      console.error(`${count} and no ceiling (npm run lint:duplication -- --update)`);
      failed = true;
    }
  } else if (found.length > ceiling) {
    // The pairs with a side in a changed file are the likely new ones; with none (a committed change), all are named.
    const changed = changedFiles();
    const touched = found.filter(([a, b]) => changed?.has(a.name) || changed?.has(b.name));
    console.error(`${count}, above its ceiling of ${ceiling}:`);
    if (touched.length > 0) console.error('  the pairs in changed files:');
    for (const [a, b] of touched.length > 0 ? touched : found) console.error(`  ${where(a)} ~ ${where(b)}`);
    console.error('  make one piece of code serve both places of a new pair');
    failed = true;
  } else if (found.length < ceiling) {
    if (update) {
      lowered[group.name] = found.length;
      console.log(`${count}: its ceiling lowered from ${ceiling} to ${found.length}`);
    } else {
      console.log(
        `${count}, below its ceiling of ${ceiling}: lower it (npm run lint:duplication -- --update)`,
      );
    }
  } else {
    console.log(`${count} (ceiling ${ceiling})`);
  }
  if (list) for (const [a, b] of found) console.log(`  ${where(a)} ~ ${where(b)}`);
}

if (update && JSON.stringify(lowered) !== JSON.stringify(ceilings)) {
  writeFileSync(ceilingsFile, `${JSON.stringify(lowered, null, 2)}\n`);
  console.log(`duplication: ${relative(base, ceilingsFile)} written`);
}
process.exit(failed ? 1 : 0);
