// `npm run staff -- <command>`: the console's staff accounts, from the server's command line (the first one too).
//   create --username <u> --password <p> --role admin|ops|finance|service   prints the otpauth:// URL once
//   list                                                                    the accounts
//   disable <username>                                                      refuses its sign-ins, ends its sessions
//   reset-totp <username>                                                   a new secret: prints its URL once
//   rotate-totp-key                                                         re-seals every TOTP secret under
//                                                                           STAFF_TOTP_KEY (the earlier key among
//                                                                           STAFF_TOTP_PREVIOUS_KEYS)
// Every change writes an audit row as staff 0 `cli` (no one is signed in here; docs/decisions.md). Uses the
// configured database (DATA_DIR or DATABASE_URL).
import { pathToFileURL } from 'node:url';
import { hasIllegalChars, STAFF_ROLE_KEYS, STAFF_ROLE_NAME, type StaffRole } from '@uc/shared';
import { type CommandOut, runCommand } from '../../db/command.js';
import type { Db } from '../../db/connection.js';
import { parseCommand } from '../../lib/command-args.js';
import { hashPassword } from '../../lib/password.js';
import { readOrCreateSecret } from '../../lib/secret.js';
import { type AuditInput, auditWriter, CLI_ACTOR } from './audit.js';
import {
  endSessionsOf,
  findStaffByUsername,
  insertStaff,
  listStaff,
  setStaffDisabled,
  setTotpSecret,
} from './repo.js';
import { newTotpSecret, sealTotpSecret, type TotpKeyring, totpKeyring, totpUrl } from './totp.js';
import { resealTotpSecrets } from './totp-keys.js';

const USAGE = `Usage:
  npm run staff -- create --username <username> --password <password> --role ${STAFF_ROLE_KEYS.join('|')}
  npm run staff -- list
  npm run staff -- disable <username>
  npm run staff -- reset-totp <username>
  npm run staff -- rotate-totp-key`;

/** What the sign-in accepts (staffLoginBody): a username of 1..32, a password of 8..64 characters here. */
const USERNAME = /^[A-Za-z0-9_.@-]{1,32}$/;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 64;

const isRole = (role: string | undefined): role is StaffRole =>
  role !== undefined && (STAFF_ROLE_KEYS as readonly string[]).includes(role);

function printSecret(out: CommandOut, username: string, secret: string) {
  out.log(`otpauth URL (shown once: scan it as a QR code or paste it into an authenticator app):`);
  out.log(totpUrl(username, secret));
  out.log(`secret: ${secret}`);
}

async function create(
  db: Db,
  keys: TotpKeyring,
  values: Record<string, string | undefined>,
  out: CommandOut,
  now: () => Date,
) {
  const { username, password, role } = values;
  if (!username || !USERNAME.test(username) || !isRole(role) || password === undefined) {
    out.error(USAGE);
    return 2;
  }
  if (
    [...password].length < PASSWORD_MIN ||
    [...password].length > PASSWORD_MAX ||
    hasIllegalChars(password)
  ) {
    out.error(`the password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
    return 2;
  }
  if (await findStaffByUsername(db, username)) {
    out.error(`staff ${username} exists`);
    return 1;
  }
  const secret = newTotpSecret();
  const passwordHash = await hashPassword(password);
  const audit = auditWriter(now);
  const id = await db.transaction().execute(async (trx) => {
    const staffId = await insertStaff(trx, {
      username,
      password_hash: passwordHash,
      role,
      totp_secret: sealTotpSecret(keys, secret),
      at: now().toISOString(),
    });
    await audit(trx, {
      ...CLI_ACTOR,
      action: 'cli.staff_create',
      targetType: 'staff',
      targetId: staffId,
      after: { username, role },
    });
    return staffId;
  });
  out.log(`staff ${id} ${username} created, role ${role} (${STAFF_ROLE_NAME[role]})`);
  printSecret(out, username, secret);
  return 0;
}

async function change(
  db: Db,
  keys: TotpKeyring,
  command: 'disable' | 'reset-totp',
  username: string,
  out: CommandOut,
  now: () => Date,
) {
  const staff = await findStaffByUsername(db, username);
  if (!staff) {
    out.error(`no staff ${username}`);
    return 1;
  }
  const at = now().toISOString();
  const audit = auditWriter(now);
  /** Makes the change, ends the account's sessions and audits it, in one transaction. */
  const endingSessions = (
    set: (trx: Db) => Promise<unknown>,
    entry: Pick<AuditInput, 'action' | 'before' | 'after'>,
  ) =>
    db.transaction().execute(async (trx) => {
      await set(trx);
      await endSessionsOf(trx, staff.id, at);
      await audit(trx, { ...CLI_ACTOR, ...entry, targetType: 'staff', targetId: staff.id });
    });
  if (command === 'disable') {
    await endingSessions((trx) => setStaffDisabled(trx, staff.id, at), {
      action: 'cli.staff_disable',
      before: { disabled: staff.disabled === 1 },
      after: { disabled: true },
    });
    out.log(`staff ${username} disabled; its sessions are ended`);
    return 0;
  }
  const secret = newTotpSecret();
  // The old secret's codes are void: the sessions opened with them end too.
  await endingSessions((trx) => setTotpSecret(trx, staff.id, sealTotpSecret(keys, secret), at), {
    action: 'cli.staff_reset_totp',
  });
  out.log(`staff ${username}: new TOTP secret; its sessions are ended`);
  printSecret(out, username, secret);
  return 0;
}

/** Every secret sealed under the current key; exit code 1 when some secret no configured key opens. */
async function rotate(db: Db, keys: TotpKeyring, out: CommandOut, now: () => Date) {
  const { resealed, unreadable } = await resealTotpSecrets(db, keys, 'all');
  await auditWriter(now)(db, {
    ...CLI_ACTOR,
    action: 'cli.staff_rotate_totp_key',
    targetType: 'staff',
    targetId: '*',
    after: { key: keys.current.id, resealed, unreadable },
  });
  out.log(`${resealed} TOTP secret(s) re-sealed under key ${keys.current.id}`);
  if (unreadable.length === 0) return 0;
  out.error(
    `no configured key opens the secret of: ${unreadable.join(', ')} (add the key that sealed it to STAFF_TOTP_PREVIOUS_KEYS, or reset-totp them)`,
  );
  return 1;
}

/** Runs one command; returns the exit code. `keys`: the TOTP secrets' keys of the configuration. */
export async function runStaffCli(
  db: Db,
  keys: TotpKeyring,
  argv: string[],
  out: CommandOut,
  now: () => Date = () => new Date(),
): Promise<number> {
  const parsed = parseCommand(argv, ['username', 'password', 'role']);
  if (!parsed) {
    out.error(USAGE);
    return 2;
  }
  const [command, username] = parsed.positionals;
  if (command === 'create') return create(db, keys, parsed.values, out, now);
  if (command === 'rotate-totp-key' && !username) return rotate(db, keys, out, now);
  if (command === 'list') {
    const rows = await listStaff(db);
    out.log(['id', 'username', 'role', 'disabled', 'created'].join('\t'));
    for (const r of rows) {
      out.log([r.id, r.username, r.role, r.disabled ? 'yes' : 'no', r.created_at].join('\t'));
    }
    out.log(`${rows.length} staff`);
    return 0;
  }
  if ((command === 'disable' || command === 'reset-totp') && username) {
    return change(db, keys, command, username, out, now);
  }
  out.error(USAGE);
  return 2;
}

/** The process entry (the compiled file run by npm). */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCommand(async (db, argv, config) => {
    const serverSecret = config.jwtSecret ?? (await readOrCreateSecret(config.dataDir));
    const keys = totpKeyring(config.staffTotpKey, config.staffTotpPreviousKeys, serverSecret);
    // Secrets stored in clear before sealing are sealed before any command, as at the server's start.
    await resealTotpSecrets(db, keys, 'clear');
    return runStaffCli(db, keys, argv, console);
  });
}
