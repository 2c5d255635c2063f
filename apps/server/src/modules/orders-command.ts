// `npm run orders` (commerce/cli.ts): its process entry, here because a transfer's settlement credits goods of other
// modules (a tool's credit packs, gift cards, the member's plan) and a refund reverses an order's invoice, composed
// as modules/index.ts composes them for the server; refunds go through the configured payment providers.
import { pathToFileURL } from 'node:url';
import { runCommand } from '../db/command.js';
import { createMemoryStore } from '../lib/kv.js';
import { readOrCreateSecret } from '../lib/secret.js';
import { createPaymentChannels } from '../providers/payment/index.js';
import { createGiftGoods } from './cards/gifts.js';
import { cardKeys } from './cards/secrets.js';
import { runOrdersCli } from './commerce/cli.js';
import { createRefunds } from './commerce/refunds.js';
import { followRefund } from './invoices/service.js';
import { createMessagesService } from './messages/service.js';
import { createNoticeOutbox } from './notices/service.js';
import { createCreditGoods } from './tools/service.js';
import { createUsersService } from './users/service.js';

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runCommand(async (db, argv, config) => {
    const secret = config.jwtSecret ?? (await readOrCreateSecret(config.dataDir));
    const keys = cardKeys(secret);
    const now = () => new Date();
    const goods = {
      ...createCreditGoods(db),
      ...createGiftGoods(db, keys),
      setPlan: createUsersService({ db, now }).setPlan,
    };
    const store = createMemoryStore();
    const log = { info: () => {}, warn: console.warn, error: console.error };
    const refunds = () =>
      createRefunds({
        db,
        now,
        config,
        channels: createPaymentChannels({ config, kv: store.kv, secret, now, log }),
        log,
        invoices: { followRefund },
        // The member is told in 消息中心 (its push reaches the running servers' sockets only from there).
        inbox: createMessagesService({ db, now, push: { toGroup: async () => {} }, log }),
        // Its SMS and mail are written to the notices outbox; a running server sends them.
        notices: createNoticeOutbox({ now }),
        // A whole refund of a pack or of gift cards takes back its credits or voids its cards.
        goods,
        // The running servers' cached sessions of the member expire within seconds.
        sessions: { membershipChanged: () => {} },
      });
    try {
      return await runOrdersCli({ db, goods }, argv, console, now, refunds);
    } finally {
      await store.close();
    }
  });
}
