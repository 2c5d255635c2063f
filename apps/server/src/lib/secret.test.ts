import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOrCreateSecret, SECRET_FILE } from './secret.js';

describe('readOrCreateSecret', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'uc-secret-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('creates a 0600 secret once and keeps it', async () => {
    const dataDir = path.join(dir, 'data');
    const first = await readOrCreateSecret(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, SECRET_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readOrCreateSecret(dataDir)).toBe(first);
    expect((await readFile(file, 'utf8')).trim()).toBe(first);
  });

  it('refuses a secret too short to sign with', async () => {
    await writeFile(path.join(dir, SECRET_FILE), 'short\n');
    await expect(readOrCreateSecret(dir)).rejects.toThrow(/fewer than 32/);
  });
});
