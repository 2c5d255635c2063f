#!/usr/bin/env node
// The end of a CI run: the table of its stages and their seconds (.reports/stages.tsv, with each vitest project and
// each journey project broken out of their reports), then the closing line `tests: N passed, N failed` summed from
// the JSON reports of vitest and Playwright.
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : null);

// ---- The stage table ----
const rows = [];
const stages = existsSync('.reports/stages.tsv')
  ? readFileSync('.reports/stages.tsv', 'utf8').trim().split('\n').filter(Boolean)
  : [];
const vitestProjects = read('.reports/vitest-projects.json');
const pw = read('.reports/playwright.json');

/** Playwright's tests per project: how many ran and the seconds they took, one after another. */
function journeyProjects() {
  const byProject = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        const p = byProject.get(t.projectName) ?? { tests: 0, ms: 0 };
        p.tests += 1;
        for (const r of t.results ?? []) p.ms += r.duration ?? 0;
        byProject.set(t.projectName, p);
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of pw?.suites ?? []) walk(suite);
  return byProject;
}

for (const line of stages) {
  const [name, seconds, rc] = line.split('\t');
  rows.push([name, seconds, rc === '0' ? 'passed' : `failed (exit ${rc})`]);
  if (name === 'vitest' && vitestProjects)
    for (const p of vitestProjects.projects)
      rows.push([
        `  ${p.name}`,
        String(p.busySeconds),
        `${p.files} files, worker seconds; from ${p.fromSecond} s to ${p.toSecond} s of the run`,
      ]);
  if (name === 'journeys' && pw)
    for (const [project, p] of journeyProjects())
      rows.push([
        `  journeys:${project}`,
        String(Math.round(p.ms / 1000)),
        `${p.tests} journeys, one after another`,
      ]);
}
if (rows.length > 0) {
  const width = Math.max(...rows.map((r) => r[0].length), 5);
  console.log('');
  console.log(`${'stage'.padEnd(width)}  seconds  result`);
  for (const [name, seconds, result] of rows)
    console.log(`${name.padEnd(width)}  ${seconds.padStart(7)}  ${result}`);
  const begun = Number(process.env.CI_STARTED_AT);
  if (begun)
    console.log(`${'total'.padEnd(width)}  ${String(Math.round(Date.now() / 1000 - begun)).padStart(7)}`);
  console.log('');
}

// ---- What failed, named, so the end of the log says which test to open ----
const failures = [];
for (const file of read('.reports/vitest.json')?.testResults ?? []) {
  const where = file.name.replace(`${process.cwd()}/`, '');
  for (const t of file.assertionResults ?? [])
    if (t.status === 'failed')
      failures.push(
        `vitest ${where} > ${t.fullName}: ${String(t.failureMessages?.[0] ?? '').split('\n')[0]}`,
      );
  if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
    failures.push(`vitest ${where}: ${String(file.message ?? '').split('\n')[0]}`);
}
const walkFailures = (suite, title) => {
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests ?? [])
      if (t.status === 'unexpected')
        failures.push(
          `journey [${t.projectName}] ${spec.file}:${spec.line} > ${[...title, spec.title].join(' > ')}: ${
            String(t.results?.at(-1)?.error?.message ?? '').split('\n')[0]
          }`,
        );
  for (const child of suite.suites ?? [])
    walkFailures(child, suite.title ? [...title, child.title] : [child.title]);
};
for (const suite of pw?.suites ?? []) walkFailures(suite, []);
if (failures.length > 0) {
  console.log('failed:');
  for (const f of failures) console.log(`  ${stripVTControlCharacters(f).slice(0, 400)}`);
  console.log('');
}

// ---- The closing line ----
let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = read('.reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
} else {
  console.log('[summary] no vitest report');
  failed += 1;
}
if (pw) {
  passed += pw.stats.expected + pw.stats.flaky;
  failed += pw.stats.unexpected;
  skipped += pw.stats.skipped;
} else {
  console.log('[summary] no Playwright report');
  failed += 1;
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
