#!/usr/bin/env node
// Structure rules the import linter cannot see (docs/contributing.md "Rules that npm run lint enforces"):
// - no cycle between the server's module folders or between the web's feature folders, type imports included
//   (a folder is a unit of change: two folders that need each other are one);
// - SQL (Kysely query builders, sql``) only in a module's repo.ts or *-repo.ts.
// Exits 1 and names each violation.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
/** `--root DIR` checks another tree (the rules' own test plants violations in a copy). */
const base = args[0] === '--root' && args[1] ? resolve(args[1]) : root;

function files(dir) {
  let out = [];
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(files(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Folder-level import graph of the folders directly under `parent`, and the cycles in it. */
function folderCycles(parent) {
  const dir = join(base, parent);
  const edges = new Map();
  for (const file of files(dir)) {
    const from = relative(dir, file).split('/')[0];
    if (!from || !statSync(join(dir, from)).isDirectory()) continue;
    const text = readFileSync(file, 'utf8');
    for (const re of [IMPORT, DYNAMIC]) {
      for (const match of text.matchAll(re)) {
        const spec = match[1];
        if (!spec?.startsWith('.')) continue;
        const target = relative(dir, resolve(dirname(file), spec)).split('/')[0];
        if (!target || target.startsWith('..') || target === from) continue;
        if (!edges.has(from)) edges.set(from, new Map());
        const out = edges.get(from);
        if (!out.has(target)) out.set(target, relative(base, file));
      }
    }
  }
  // Tarjan's strongly connected components: every component of two or more folders is a cycle.
  let index = 0;
  const stack = [];
  const info = new Map();
  const cycles = [];
  const visit = (v) => {
    info.set(v, { index, low: index, on: true });
    index += 1;
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).on) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).on = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!info.has(v)) visit(v);
  return cycles.map((component) => {
    const via = [];
    for (const a of component)
      for (const b of component) {
        const file = edges.get(a)?.get(b);
        if (file) via.push(`${a} -> ${b} (${file})`);
      }
    return `${parent}: folders ${component.join(', ')} import each other: ${via.join('; ')}`;
  });
}

const SQL = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`/;

function sqlOutsideRepos(parent) {
  const problems = [];
  for (const file of files(join(base, parent))) {
    if (/(^|\/)(repo|[^/]+-repo)\.ts$/.test(file)) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (SQL.test(line) && !line.trim().startsWith('//') && !line.trim().startsWith('*'))
        problems.push(`${relative(base, file)}:${i + 1}: SQL outside a repo: ${line.trim()}`);
    });
  }
  return problems;
}

const problems = [
  ...folderCycles('apps/server/src/modules'),
  ...folderCycles('apps/web/src/features'),
  ...sqlOutsideRepos('apps/server/src/modules'),
];
if (problems.length > 0) {
  for (const p of problems) console.error(p);
  console.error(`structure: ${problems.length} violation(s)`);
  process.exit(1);
}
console.log('structure: no folder cycles, SQL only in repos');
