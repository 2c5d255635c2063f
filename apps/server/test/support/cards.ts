// Redemption cards made as an operator makes them, through the cards command (`create-batch`): the batch's id and
// its cards read back from the CSV it writes.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { Db } from '../../src/db/connection.js';
import { runCardsCli } from '../../src/modules/cards/cli.js';
import { TEST_JWT_SECRET } from './app.js';

export interface IssuedCard {
  no: string;
  secret: string;
}

let batches = 0;

/** A batch of `count` cards granting `grant` (`plan:13:1`, `api:50000`, `coupon:<id>`, ...), on the app's clock. */
export async function issueCards(
  t: { db: Db; now?: () => Date },
  grant: string,
  count = 1,
  { name, expires = '2099-12-31' }: { name?: string; expires?: string } = {},
): Promise<{ id: number; cards: IssuedCard[] }> {
  batches += 1;
  const dir = await mkdtemp(path.join(tmpdir(), 'uc-cards-'));
  try {
    const out = path.join(dir, 'cards.csv');
    const lines: string[] = [];
    const errors: string[] = [];
    const argv = [
      'create-batch',
      '--name',
      name ?? `测试卡${batches}`,
      '--grant',
      grant,
      '--count',
      String(count),
    ];
    const code = await runCardsCli(
      t.db,
      TEST_JWT_SECRET,
      [...argv, '--expires', expires, '--out', out],
      { log: (l) => lines.push(l), error: (l) => errors.push(l) },
      t.now,
    );
    expect(code, errors.join('\n')).toBe(0);
    const rows = (await readFile(out, 'utf8')).trim().split('\n');
    expect(rows[0]).toBe('card_no,card_secret');
    const cards = rows.slice(1).map((row) => {
      const [no = '', secret = ''] = row.split(',');
      return { no, secret };
    });
    return { id: Number(/^batch (\d+):/.exec(lines[0] ?? '')?.[1]), cards };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
