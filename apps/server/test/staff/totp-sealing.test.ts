// Staff TOTP secrets at rest: stored sealed (AES-256-GCM under STAFF_TOTP_KEY or the server secret's key), never the
// Base32 secret an authenticator app holds, and unreadable without the key; sign-in works with a sealed secret, after
// `rotate-totp-key` re-sealed it under a new key, and for a secret stored in clear before sealing (sealed at start or
// at its first sign-in).
import { STAFF_API } from '@uc/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { hashPassword } from '../../src/lib/password.js';
import { unseal } from '../../src/lib/seal.js';
import { runStaffCli } from '../../src/modules/staff/cli.js';
import { insertStaff } from '../../src/modules/staff/repo.js';
import {
  newTotpSecret,
  openTotpSecret,
  sealTotpSecret,
  type TotpKeyring,
  totpKeyring,
} from '../../src/modules/staff/totp.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../support/app.js';
import { createStaff, staffLogin, TEST_TOTP_KEYS } from '../support/staff.js';

const NEW_KEY = 'a-new-staff-totp-key-of-at-least-32-characters';
const OTHER_KEY = 'some-other-key-that-never-sealed-anything-here';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimitPerMinute: 0 });
});
afterAll(async () => {
  await t.close();
});

const storedSecret = async (id: number) =>
  (await t.db.selectFrom('staff').select('totp_secret').where('id', '=', id).executeTakeFirstOrThrow())
    .totp_secret;

const out = () => {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, log: (l: string) => lines.push(l), error: (l: string) => errors.push(l) };
};

/** A staff member stored as before sealing: its Base32 secret in clear. */
async function clearStaff(username: string) {
  const secret = newTotpSecret();
  const password = 'Clear-secret-1';
  const id = await insertStaff(t.db, {
    username,
    password_hash: await hashPassword(password),
    role: 'service',
    totp_secret: secret,
    at: new Date().toISOString(),
  });
  return { id, username, password, secret };
}

describe('a sealed secret', () => {
  it('the command line stores neither the secret nor anything the secret can be read from without the key', async () => {
    const made = out();
    expect(
      await runStaffCli(
        t.db,
        TEST_TOTP_KEYS,
        ['create', '--username', 'sealedboss', '--password', 'Sealed-boss-1', '--role', 'admin'],
        made,
      ),
    ).toBe(0);
    const secret = /secret: ([A-Z2-7]+)/.exec(made.lines.join('\n'))?.[1] ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const row = await t.db
      .selectFrom('staff')
      .select(['id', 'totp_secret'])
      .where('username', '=', 'sealedboss')
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).not.toContain(secret);
    expect(row.totp_secret).toMatch(/^v1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/);
    // Not the secret in another encoding either.
    const payload = row.totp_secret.split('.')[2] ?? '';
    for (const encoding of ['base64url', 'hex', 'base64'] as const)
      expect(Buffer.from(payload, encoding).toString('utf8')).not.toContain(secret);
    // Another key does not open it (GCM's tag refuses), the right one does.
    const other = totpKeyring(OTHER_KEY, [], OTHER_KEY);
    expect(openTotpSecret(other, row.totp_secret)).toBeNull();
    expect(() => unseal(other.current.key, payload)).toThrow();
    expect(openTotpSecret(TEST_TOTP_KEYS, row.totp_secret)).toBe(secret);
    // And the sign-in takes the code of the printed secret.
    await staffLogin(t.app, 'sealedboss', 'Sealed-boss-1', secret);
  });

  it('reset-totp stores the new secret sealed too', async () => {
    const staff = await createStaff(t.app, 'ops');
    const reset = out();
    expect(await runStaffCli(t.db, TEST_TOTP_KEYS, ['reset-totp', staff.username], reset)).toBe(0);
    const secret = /secret: ([A-Z2-7]+)/.exec(reset.lines.join('\n'))?.[1] ?? '';
    const stored = await storedSecret(staff.id);
    expect(stored).not.toContain(secret);
    expect(openTotpSecret(TEST_TOTP_KEYS, stored)).toBe(secret);
    await staffLogin(t.app, staff.username, staff.password, secret);
  });

  it('a changed byte fails the sign-in (the same refusal as a wrong code)', async () => {
    const staff = await createStaff(t.app, 'service');
    const stored = await storedSecret(staff.id);
    // A character inside the ciphertext (every one of its bits counts; the last one's may be padding).
    const at = stored.length - 10;
    const changed = stored[at] === 'A' ? 'B' : 'A';
    await t.db
      .updateTable('staff')
      .set({ totp_secret: `${stored.slice(0, at)}${changed}${stored.slice(at + 1)}` })
      .where('id', '=', staff.id)
      .execute();
    await expect(staffLogin(t.app, staff.username, staff.password, staff.secret)).rejects.toThrow(/failed/);
  });
});

describe('rotating the key', () => {
  it('re-seals every secret under the new key; sign-in works before and after; the old key alone no longer opens them', async () => {
    const staff = await createStaff(t.app, 'finance');
    const before = await storedSecret(staff.id);
    // The new key configured, the old one (the server secret's) still opens: sign-in works during the change.
    const rotated = await createTestApp({ rateLimitPerMinute: 0, staffTotpKey: NEW_KEY });
    try {
      const ring = totpKeyring(NEW_KEY, [], TEST_JWT_SECRET);
      const mine = await createStaff(rotated.app, 'finance', { keys: TEST_TOTP_KEYS });
      await staffLogin(rotated.app, mine.username, mine.password, mine.secret);
      const run = out();
      expect(await runStaffCli(rotated.db, ring, ['rotate-totp-key'], run)).toBe(0);
      expect(run.lines.join('\n')).toMatch(new RegExp(`re-sealed under key ${ring.current.id}`));
      const after = (
        await rotated.db
          .selectFrom('staff')
          .select('totp_secret')
          .where('id', '=', mine.id)
          .executeTakeFirstOrThrow()
      ).totp_secret;
      expect(after.split('.')[1]).toBe(ring.current.id);
      expect(openTotpSecret(TEST_TOTP_KEYS, after)).toBeNull();
      expect(openTotpSecret(ring, after)).toBe(mine.secret);
      await staffLogin(rotated.app, mine.username, mine.password, mine.secret);
      // Audited as the command line, with the key's id and the count.
      const audit = await rotated.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'cli.staff_rotate_totp_key')
        .executeTakeFirstOrThrow();
      expect(audit.staff_username).toBe('cli');
      expect(JSON.parse(audit.after ?? '{}')).toMatchObject({ key: ring.current.id, unreadable: [] });
      // Nothing left to do a second time.
      const again = out();
      expect(await runStaffCli(rotated.db, ring, ['rotate-totp-key'], again)).toBe(0);
      expect(again.lines[0]).toMatch(/^0 TOTP secret/);
    } finally {
      await rotated.close();
    }
    // This app's own rows were not touched by the other database's rotation.
    expect(await storedSecret(staff.id)).toBe(before);
  });

  it('from one configured key to another through STAFF_TOTP_PREVIOUS_KEYS; a secret no key opens is reported', async () => {
    const first: TotpKeyring = totpKeyring(NEW_KEY, [], TEST_JWT_SECRET);
    const second: TotpKeyring = totpKeyring(`${NEW_KEY}-2`, [NEW_KEY], TEST_JWT_SECRET);
    const staff = await createStaff(t.app, 'ops', { keys: first });
    const lost = await createStaff(t.app, 'ops', { keys: totpKeyring(OTHER_KEY, [], OTHER_KEY) });
    const run = out();
    expect(await runStaffCli(t.db, second, ['rotate-totp-key'], run)).toBe(1);
    expect(run.errors.join('\n')).toContain(lost.username);
    expect(run.errors.join('\n')).not.toContain(staff.username);
    const stored = await storedSecret(staff.id);
    expect(stored.split('.')[1]).toBe(second.current.id);
    expect(openTotpSecret(first, stored)).toBeNull();
    expect(openTotpSecret(second, stored)).toBe(staff.secret);
    // What no key opened is left as it was (reset-totp gives that account a new secret).
    expect(openTotpSecret(totpKeyring(OTHER_KEY, [], OTHER_KEY), await storedSecret(lost.id))).toBe(
      lost.secret,
    );
    await t.db.deleteFrom('staff').where('id', 'in', [staff.id, lost.id]).execute();
  });

  it('rotate-totp-key takes no username', async () => {
    const run = out();
    expect(await runStaffCli(t.db, TEST_TOTP_KEYS, ['rotate-totp-key', 'someone'], run)).toBe(2);
  });
});

describe('a secret stored in clear before sealing', () => {
  it('is sealed when a server starts on the database, and its sign-in still works', async () => {
    const staff = await clearStaff('clearatstart');
    expect(await storedSecret(staff.id)).toBe(staff.secret);
    // A second app on the same database: its start (onReady) seals what is clear.
    const started = await buildApp(t.config, { db: t.db, sleep: async () => {} });
    try {
      await started.ready();
      const stored = await storedSecret(staff.id);
      expect(stored).not.toContain(staff.secret);
      expect(openTotpSecret(TEST_TOTP_KEYS, stored)).toBe(staff.secret);
      await staffLogin(started, staff.username, staff.password, staff.secret);
    } finally {
      await started.close();
    }
  });

  it('is sealed at its first sign-in when it was restored after the start', async () => {
    const staff = await clearStaff('clearatlogin');
    await staffLogin(t.app, staff.username, staff.password, staff.secret);
    const stored = await storedSecret(staff.id);
    expect(stored).toMatch(/^v1\./);
    expect(openTotpSecret(TEST_TOTP_KEYS, stored)).toBe(staff.secret);
    // The next sign-in reads the sealed one.
    await staffLogin(t.app, staff.username, staff.password, staff.secret);
  });

  it('a wrong code does not seal it (only a sign-in with both factors right does)', async () => {
    const staff = await clearStaff('clearwrong');
    const res = await t.app.inject({
      method: 'POST',
      url: STAFF_API.login,
      payload: { username: staff.username, password: staff.password, totp: '000000' },
    });
    expect(res.statusCode).toBe(401);
    expect(await storedSecret(staff.id)).toBe(staff.secret);
    // The stored form of a sealed secret is never the clear one.
    expect(sealTotpSecret(TEST_TOTP_KEYS, staff.secret)).not.toBe(staff.secret);
  });
});
