// `npm run orders` (commerce/cli.ts): its process entry, here because a transfer's settlement credits goods of other
// modules (a tool's credit packs, gift cards), composed as modules/index.ts composes them for the server.
import { pathToFileURL } from 'node:url';
import { runCommand } from '../db/command.js';
import { readOrCreateSecret } from '../lib/secret.js';
import { createGiftGoods } from './cards/gifts.js';
import { cardKeys } from './cards/secrets.js';
import { runOrdersCli } from './commerce/cli.js';
import { createCreditGoods } from './tools/service.js';

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCommand(async (db, argv, config) => {
    const keys = cardKeys(config.jwtSecret ?? (await readOrCreateSecret(config.dataDir)));
    const goods = { ...createCreditGoods(db), ...createGiftGoods(db, keys) };
    return runOrdersCli({ db, goods }, argv, console);
  });
}
