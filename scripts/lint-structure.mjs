#!/usr/bin/env node
// Structure rules the import linter cannot see (docs/contributing.md "Rules that npm run lint enforces"):
// - no cycle between the server's module folders or between the web's feature folders, type imports included
//   (a folder is a unit of change: two folders that need each other are one);
// - SQL (Kysely query builders, sql``) only in a module's repo.ts or *-repo.ts;
// - every table written only by its owner: docs/architecture.md "Who writes each table" maps each table of
//   apps/server/src/db/schema.ts to the module folder that writes it (and the db/ files that write it for every
//   writer); a write (a Kysely builder or INSERT / UPDATE / DELETE in sql``) from anywhere else fails, as does a table
//   without a row or a row without a table. The seed and the migrations write every table and are exempt.
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

const SERVER = 'apps/server/src';
const OWNER_DOC = 'docs/architecture.md';
const OWNER_HEADING = /^#+\s+Who writes each table\s*$/;

/** Line number (1-based) of `offset` in `text`. */
const lineAt = (text, offset) => text.slice(0, offset).split('\n').length;

/** The owner map: table -> { owner module, also (db/ files), line } from the section's table rows. */
function ownerMap() {
  const rows = new Map();
  let lines;
  try {
    lines = readFileSync(join(base, OWNER_DOC), 'utf8').split('\n');
  } catch {
    return { rows, problems: [`${OWNER_DOC}: missing, so is the owner map of the tables`] };
  }
  const start = lines.findIndex((line) => OWNER_HEADING.test(line));
  if (start === -1) return { rows, problems: [`${OWNER_DOC}: no section "Who writes each table"`] };
  const problems = [];
  // The section's first table; the text after it is prose again.
  let inTable = false;
  for (let i = start + 1; i < lines.length && !/^#/.test(lines[i]); i += 1) {
    const isRow = lines[i].trim().startsWith('|');
    if (inTable && !isRow) break;
    inTable = isRow;
    const cells = isRow ? lines[i].split('|').slice(1, -1) : [];
    const names = cells.map((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
    const [table] = names[0] ?? [];
    if (!table) continue;
    const at = `${OWNER_DOC}:${i + 1}`;
    if (rows.has(table)) problems.push(`${at}: table ${table} has a second row`);
    const [owner] = names[1] ?? [];
    rows.set(table, { owner, also: names[2] ?? [], at });
    if (!owner || !isFolder(join(base, SERVER, 'modules', owner)))
      problems.push(
        `${at}: table ${table}: its owner ${owner ?? '(none)'} is no folder of ${SERVER}/modules`,
      );
    for (const file of names[2] ?? [])
      if (!isFile(join(base, SERVER, file)))
        problems.push(`${at}: table ${table}: ${SERVER}/${file} does not exist`);
  }
  return { rows, problems };
}

function isFolder(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * The tables that exist: the keys of db/schema.ts's `Database` interfaces, with their lines, and the tables a repo
 * declares for itself with `withTables<{ name: ... }>()`.
 */
function knownTables() {
  const tables = new Map();
  const schema = join(SERVER, 'db/schema.ts');
  const text = readFileSync(join(base, schema), 'utf8');
  for (const block of text.matchAll(/export interface Database \{([^}]*)\}/g)) {
    const offset = (block.index ?? 0) + block[0].indexOf('{') + 1;
    for (const key of block[1].matchAll(/^\s*([a-z_][a-z0-9_]*)\s*:/gm))
      tables.set(key[1], `${schema}:${lineAt(text, offset + (key.index ?? 0) + key[0].indexOf(key[1]))}`);
  }
  const declared = new Set();
  for (const file of files(join(base, SERVER))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/withTables<\{\s*([a-z_][a-z0-9_]*)\s*:/g))
      declared.add(m[1]);
  }
  return { tables, declared };
}

const BUILDER_WRITE =
  /\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`]([a-z_][a-z0-9_]*)(?:\s+as\s+\w+)?['"`]/g;
// INSERT INTO x, UPDATE x, DELETE FROM x, REPLACE INTO x; not the lock (FOR UPDATE, FOR NO KEY UPDATE) or an upsert's
// DO UPDATE SET.
const RAW_WRITE =
  /(?<!\b(?:for|key|do)\s+)\b(?:insert\s+into|update|delete\s+from|replace\s+into)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** The texts of the sql`` templates (and sql.raw arguments) of a file, with their offsets. */
function sqlTexts(text) {
  const out = [];
  for (const m of text.matchAll(/\bsql(?:<[^>`]*>)?`|\bsql\.raw\(\s*(['"`])/g)) {
    const quote = m[1] ?? '`';
    let i = (m.index ?? 0) + m[0].length;
    const from = i;
    let depth = 0;
    while (i < text.length) {
      const c = text[i];
      if (c === '\\') i += 1;
      else if (depth === 0 && c === quote) break;
      else if (quote === '`' && c === '$' && text[i + 1] === '{') depth += 1;
      else if (depth > 0 && c === '}') depth -= 1;
      i += 1;
    }
    out.push({ offset: from, text: text.slice(from, i) });
  }
  return out;
}

/** Every write in the server outside the seed and the migrations: file, line, table, and the writer (module or file). */
function writes() {
  const out = [];
  for (const file of files(join(base, SERVER))) {
    const path = relative(join(base, SERVER), file);
    if (/^db\/(seed|migrations)\//.test(path)) continue;
    const text = readFileSync(file, 'utf8');
    const module = /^modules\/([^/]+)\//.exec(path)?.[1] ?? null;
    const found = [...text.matchAll(BUILDER_WRITE)].map((m) => ({
      offset: m.index ?? 0,
      table: m[1],
      raw: false,
    }));
    for (const sqlText of sqlTexts(text))
      for (const m of sqlText.text.matchAll(RAW_WRITE))
        found.push({ offset: sqlText.offset + (m.index ?? 0), table: m[1].toLowerCase(), raw: true });
    for (const { offset, table, raw } of found) {
      const line = lineAt(text, offset);
      const source = text.split('\n')[line - 1].trim();
      if (source.startsWith('//') || source.startsWith('*')) continue;
      out.push({ at: `${relative(base, file)}:${line}`, path, module, table, raw });
    }
  }
  return out;
}

/** Writes by anyone but a table's owner (or its listed db/ files), tables without a row, rows without a table. */
function tableOwners() {
  const { rows, problems } = ownerMap();
  if (rows.size === 0 && problems.length > 0) return problems;
  const { tables, declared } = knownTables();
  for (const [table, at] of tables)
    if (!rows.has(table))
      problems.push(`${at}: table ${table} has no row in ${OWNER_DOC} "Who writes each table"`);
  for (const [table, row] of rows)
    if (!tables.has(table) && !declared.has(table))
      problems.push(`${row.at}: table ${table} does not exist (no key of ${SERVER}/db/schema.ts Database)`);
  for (const write of writes()) {
    // A raw statement is only read as a write to a table that exists (its words are SQL's, not names).
    if (write.raw && !tables.has(write.table) && !declared.has(write.table)) continue;
    const row = rows.get(write.table);
    if (!row) {
      problems.push(
        `${write.at}: writes table ${write.table}, which has no row in ${OWNER_DOC} "Who writes each table"`,
      );
    } else if (write.module !== row.owner && !row.also.includes(write.path)) {
      problems.push(
        `${write.at}: writes table ${write.table}, owned by ${row.owner} (${row.at}): call that module's service`,
      );
    }
  }
  return problems;
}

const problems = [
  ...folderCycles('apps/server/src/modules'),
  ...folderCycles('apps/web/src/features'),
  ...sqlOutsideRepos('apps/server/src/modules'),
  ...tableOwners(),
];
if (problems.length > 0) {
  for (const p of problems) console.error(p);
  console.error(`structure: ${problems.length} violation(s)`);
  process.exit(1);
}
console.log('structure: no folder cycles, SQL only in repos, every table written by its owner');
