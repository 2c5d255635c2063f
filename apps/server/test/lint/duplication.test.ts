// scripts/lint-duplication.mjs (npm run lint:duplication) on a small tree of its own (--root): a function copied
// into a second file under other names raises the server's count above its ceiling of 0, and the lint fails naming
// both places; with the copy gone it passes, and a ceiling above the count is only ever lowered by --update.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../../scripts/lint-duplication.mjs', import.meta.url));

// Twelve lines of logic; the copy renames every name, as a copied function usually is.
const ORIGINAL = `export function totalOf(lines: { price: number; count: number; free: boolean }[], limit: number) {
  let total = 0;
  for (const line of lines) {
    if (line.free) continue;
    const amount = line.price * line.count;
    if (amount <= 0) throw new Error('not a price');
    total += amount;
  }
  if (total > limit) return limit;
  const rounded = Math.round(total * 100) / 100;
  return rounded < 0 ? 0 : rounded;
}
`;
const COPY = ORIGINAL.replaceAll('totalOf', 'sumOf')
  .replaceAll('lines', 'items')
  .replaceAll('line', 'item')
  .replaceAll('total', 'sum');

let root: string;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

function lint(...args: string[]) {
  return spawnSync(process.execPath, [script, '--root', root, ...args], { encoding: 'utf8' });
}

const ceilings = () => JSON.parse(readFileSync(path.join(root, 'scripts/duplication-ceilings.json'), 'utf8'));

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'uc-duplication-'));
  write('apps/server/src/billing.ts', ORIGINAL);
  write('packages/shared/src/index.ts', "export const SHARED = 'shared';\n");
  write('apps/web/src/main.tsx', "export const WEB = 'web';\n");
  write('apps/admin/src/main.tsx', "export const ADMIN = 'admin';\n");
  write('scripts/duplication-ceilings.json', '{ "server+shared": 0, "web": 0, "admin": 0 }\n');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

// Each run starts node and jscpd three times (about a second on an idle machine, several beside the other suites).
describe('lint:duplication', { timeout: 60_000 }, () => {
  it('fails on a copied function, naming both places, and passes once it is gone', () => {
    expect(lint().status).toBe(0);

    write('apps/server/src/orders.ts', `// Orders.\n\n${COPY}`);
    const planted = lint();
    expect(planted.status).toBe(1);
    expect(planted.stderr).toContain('server+shared has 1 pair, above its ceiling of 0');
    expect(planted.stderr).toContain('apps/server/src/billing.ts:1-');
    expect(planted.stderr).toContain('apps/server/src/orders.ts:3-');

    rmSync(path.join(root, 'apps/server/src/orders.ts'));
    const removed = lint();
    expect(removed.status).toBe(0);
    expect(removed.stdout).toContain('server+shared has 0 pairs (ceiling 0)');
  });

  it('asks for a ceiling above the count to be lowered, and --update lowers it but never raises one', () => {
    write('apps/server/src/orders.ts', COPY);
    write('scripts/duplication-ceilings.json', '{ "server+shared": 0, "web": 3, "admin": 0 }\n');

    expect(lint().stdout).toContain('web has 0 pairs, below its ceiling of 3: lower it');

    const above = lint('--update');
    expect(above.status).toBe(1);
    expect(above.stderr).toContain('server+shared has 1 pair, above its ceiling of 0');
    expect(above.stdout).toContain('web has 0 pairs: its ceiling lowered from 3 to 0');
    expect(ceilings()).toEqual({ 'server+shared': 0, web: 0, admin: 0 });
  });
});
