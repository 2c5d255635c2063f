// `npm run seed`: migrates and seeds the configured database without starting the server.
// `-- --customers N` then grows it to N customers for benchmarks (SQLite in DATA_DIR, or DATABASE_URL).
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { createDb } from '../connection.js';
import { setupDatabase } from '../setup.js';
import { growCustomers } from './content/grow.js';

const { values } = parseArgs({ options: { customers: { type: 'string' } } });
const customers = values.customers === undefined ? null : Number(values.customers.replaceAll('_', ''));
if (customers !== null && (!Number.isSafeInteger(customers) || customers < 0)) {
  console.error(`--customers must be a whole number, got ${values.customers}`);
  process.exit(2);
}

const config = loadConfig();
const log = {
  info: (obj: object, msg: string) => console.log(msg, JSON.stringify(obj)),
  error: (obj: object, msg: string) => console.error(msg, obj),
};
const db = createDb(config, log);
try {
  await setupDatabase(db, { seedDemo: config.seedDemo, log });
  if (customers !== null) await growCustomers(db, { customers, log: (line) => console.log(line) });
} finally {
  await db.destroy();
}
