// `npm run seed`: migrates and seeds the configured database without starting the server.
// `-- --customers N` then grows it to N customers, `-- --companies N` the company registry to N companies,
// `-- --notices N` the policy items and news (with bodies, indexed for the search) to N notices, for benchmarks
// (SQLite in DATA_DIR, or DATABASE_URL).
import { loadConfig } from '../../config.js';
import { parseCommand } from '../../lib/command-args.js';
import { createFileStore } from '../../lib/file-store.js';
import { createDb } from '../connection.js';
import { setupDatabase } from '../setup.js';
import { growCustomers } from './content/grow.js';
import { growNotices } from './content/notices.js';
import { growCompanies } from './content/registry.js';

const USAGE = 'Usage: npm run seed [-- [--customers <n>] [--companies <n>] [--notices <n>]]';

const parsed = parseCommand(process.argv.slice(2), ['customers', 'companies', 'notices']);
if (!parsed || parsed.positionals.length > 0) {
  console.error(USAGE);
  process.exit(1);
}
const { values } = parsed;

/** A `--name N` count: null when absent; exits on anything but a whole number. */
function countOf(name: 'customers' | 'companies' | 'notices'): number | null {
  const text = values[name];
  if (text === undefined) return null;
  const n = Number(text.replaceAll('_', ''));
  if (!Number.isSafeInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number, got ${text}`);
    process.exit(2);
  }
  return n;
}
const customers = countOf('customers');
const companies = countOf('companies');
const notices = countOf('notices');

const config = loadConfig();
const log = {
  info: (obj: object, msg: string) => console.log(msg, JSON.stringify(obj)),
  error: (obj: object, msg: string) => console.error(msg, obj),
};
const db = createDb(config, log);
try {
  await setupDatabase(db, { seedDemo: config.seedDemo, log, files: createFileStore(config.fileStore) });
  if (customers !== null) await growCustomers(db, { customers, log: (line) => console.log(line) });
  if (companies !== null) await growCompanies(db, { companies, log: (line) => console.log(line) });
  if (notices !== null) await growNotices(db, { notices, log: (line) => console.log(line) });
} finally {
  await db.destroy();
}
