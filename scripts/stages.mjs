// Timed stages of a test run: each runs a command, appends its name, seconds and exit code to .reports/stages.tsv,
// and can keep its output in a log of its own (printed when it fails) so two stages side by side do not interleave.
// scripts/test-summary.mjs prints the table at the end of a CI run.
import { spawn } from 'node:child_process';
import { appendFileSync, createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, '.reports');
const STAGES_FILE = join(reports, 'stages.tsv');

/**
 * Runs `command args` in the repository as stage `name`; resolves with its exit code. With `log`, the output goes
 * to .reports/<log> instead of the terminal, and is printed whole if the stage fails.
 */
export function stage(name, command, args, { log, env } = {}) {
  mkdirSync(reports, { recursive: true });
  const started = Date.now();
  console.log(`[stage] ${name}: ${[command, ...args].join(' ')}${log ? ` (output in .reports/${log})` : ''}`);
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    if (log) {
      const out = createWriteStream(join(reports, log));
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    child.on('close', (code, signal) => {
      const rc = code ?? (signal ? 1 : 0);
      const seconds = Math.round((Date.now() - started) / 1000);
      appendFileSync(STAGES_FILE, `${name}\t${seconds}\t${rc}\n`);
      console.log(`[stage] ${name}: ${rc === 0 ? 'passed' : `failed (exit ${rc})`} in ${seconds} s`);
      if (rc !== 0 && log) process.stdout.write(readFileSync(join(reports, log), 'utf8'));
      done(rc);
    });
  });
}

// `node scripts/stages.mjs NAME -- COMMAND ARGS...` runs one stage from a shell; `--log FILE` keeps its output apart.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const sep = args.indexOf('--');
  const [name, ...options] = args.slice(0, sep);
  const logAt = options.indexOf('--log');
  const log = logAt >= 0 ? options[logAt + 1] : undefined;
  const [command, ...rest] = args.slice(sep + 1);
  if (!name || sep < 0 || !command) {
    console.error('usage: node scripts/stages.mjs NAME [--log FILE] -- COMMAND [ARGS...]');
    process.exit(2);
  }
  process.exit(await stage(name, command, rest, { log }));
}
