// 我的订阅 with 1,000,000 customers in the database (docs/architecture.md §9: every list call p99 < 50 ms), and the
// matching of one newly published policy item against every member's push settings (under 1 s). Reuses the
// dashboard's 1M dataset; every main account of it is given push settings here (deterministic, idempotent).

import { performance } from 'node:perf_hooks';
import { loadConfig } from '../apps/server/src/config.js';
import { createDb } from '../apps/server/src/db/connection.js';
import { createPublisher } from '../apps/server/src/modules/content/publisher.js';
import { createPolicyDelivery } from '../apps/server/src/modules/subscriptions/delivery.js';
import { analyze, DATA_DIR, datasetUrl, ensureDataset } from './dashboard.js';
import { DURATION, load, loginToken, report, startServer } from './lib.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BUDGET_P99_MS = 50;
const BUDGET_MATCH_MS = 1_000;
/** Items published in the matching measurement, over the regions, types and keywords members choose. */
const ITEMS = 20;

const CITIES = ['440300', '440100', '441900', '440600', '440400', '441300', '442000'];
const KEYWORDS = ['', '高新技术', '专精特新', '数字经济', '补贴', '研发'];
const TYPES = ['sbtz', 'gsgg', 'zcdt'];

/** The server's own database layer over the dataset (SQLite in DATA_DIR, or the PostgreSQL database). */
function datasetDb(databaseUrl: string) {
  const config = loadConfig({ ...process.env, DATA_DIR, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  return createDb(config, { error: (obj, msg) => console.error(msg, obj) });
}

/**
 * Push settings for every main account that has none: a city (or a district of it), one or two types, sometimes an
 * industry and a keyword, sometimes email. Varied so that an item matches some members and not others.
 */
async function seedSettings(databaseUrl: string): Promise<number> {
  const db = datasetDb(databaseUrl);
  try {
    const ids = await db
      .selectFrom('users')
      .select('id')
      .where('is_sub', '=', 0)
      .where('id', 'not in', db.selectFrom('push_settings').select('user_id'))
      .orderBy('id')
      .execute();
    const at = new Date().toISOString();
    const rows = ids.map(({ id }) => {
      const city = CITIES[id % CITIES.length] ?? '440300';
      const types = id % 4 === 0 ? [] : [TYPES[id % 3], ...(id % 5 === 0 ? [TYPES[(id + 1) % 3]] : [])];
      const keyword = KEYWORDS[id % KEYWORDS.length] ?? '';
      return {
        user_id: id,
        regions: JSON.stringify([city]),
        departments: '[]',
        industries: JSON.stringify(id % 3 === 0 ? ['C', 'I', 'M'] : []),
        types: JSON.stringify(types),
        keywords: JSON.stringify(keyword ? [keyword] : []),
        channels: JSON.stringify(id % 7 === 0 ? ['site', 'email'] : ['site']),
        quiet_start: '',
        quiet_end: '',
        updated_at: at,
      };
    });
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < rows.length; start += 500) {
        await trx
          .insertInto('push_settings')
          .values(rows.slice(start, start + 500))
          .execute();
      }
    });
    const row = await db
      .selectFrom('push_settings')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  } finally {
    await db.destroy();
  }
}

/** Publishes ITEMS items in-process (the server's own publisher over the dataset) and times each dispatch. */
async function benchMatching(databaseUrl: string, engine: string) {
  const db = datasetDb(databaseUrl);
  let pushed = 0;
  let mailed = 0;
  let texted = 0;
  const log = { warn: () => {}, error: (obj: object, msg: string) => console.error(msg, obj) };
  const delivery = createPolicyDelivery({
    db,
    push: {
      toGroup: async () => {
        pushed += 1;
      },
    },
    mail: {
      name: 'bench',
      send: async () => {
        mailed += 1;
      },
    },
    sms: {
      notify: async () => {
        texted += 1;
      },
    },
    // 消息中心's rows are not part of what this bench times.
    inbox: { deliver: async () => {} },
    baseUrl: 'http://127.0.0.1',
    log,
  });
  const publisher = createPublisher({ db, now: () => new Date(), delivery, log });
  const times: number[] = [];
  try {
    for (let i = 0; i < ITEMS; i += 1) {
      const city = i % 5 === 4 ? null : (CITIES[i % CITIES.length] ?? null);
      const started = performance.now();
      await publisher.publish({
        type: TYPES[i % 3] ?? 'zcdt',
        title: `关于申报2026年${KEYWORDS[(i % (KEYWORDS.length - 1)) + 1]}项目资金的通知（基准${Date.now()}-${i}）`,
        dept_name: '深圳市科技创新委员会',
        city_code: city,
        area_code: null,
        industry_code: i % 2 === 0 ? 'C' : null,
        publish_time: new Date().toISOString(),
        end_time: null,
      });
      times.push(performance.now() - started);
    }
  } finally {
    await db.destroy();
  }
  times.sort((a, b) => a - b);
  const worst = times.at(-1) ?? 0;
  const median = times[Math.floor(times.length / 2)] ?? 0;
  report(
    `1M customers (${engine}): match + push one new policy item to every member (worst of 20)`,
    worst,
    'ms',
    BUDGET_MATCH_MS,
  );
  console.log(
    `\nmatching: ${ITEMS} items, median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms; ` +
      `${pushed} websocket pushes, ${mailed} email digests, ${texted} SMS digests`,
  );
}

export async function benchSubscriptions(port: number) {
  const databaseUrl = await datasetUrl();
  const engine = databaseUrl ? 'PostgreSQL' : 'SQLite';
  ensureDataset(databaseUrl);
  if (databaseUrl) await analyze(databaseUrl);
  const server = await startServer(port, DATA_DIR, databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  const origin = `http://127.0.0.1:${port}`;
  try {
    const members = await seedSettings(databaseUrl);
    console.log(`\npush settings: ${members} members`);
    const auth = { authorization: `Bearer ${await loginToken(origin)}` };
    // demouser's own settings: Shenzhen declaration notices and policy news (what 订阅项目 lists).
    await fetch(`${origin}/api/ccw/config/updateConfig/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'regions=440300&types=sbtz,zcdt&keywords=',
    });
    const tjxm = (await (
      await fetch(`${origin}/api/ccw/subscribe/getSubList/?activeName=tjxm`, { headers: auth })
    ).json()) as {
      data: { list: { mid: number }[] };
    };
    const pid = tjxm.data.list[0]?.mid ?? 1;
    const calls: [string, string][] = [
      ...['tjxm', 'wdgs', 'dyxm', 'sbtz', 'gsgg', 'zcdt'].map((tab): [string, string] => [
        `getSubList ${tab}`,
        `/api/ccw/subscribe/getSubList/?activeName=${tab}`,
      ]),
      [
        'getSubList sbtz, title search',
        `/api/ccw/subscribe/getSubList/?activeName=sbtz&title=${encodeURIComponent('高新')}`,
      ],
      ['getSubList tjxm, page 3', '/api/ccw/subscribe/getSubList/?activeName=tjxm&page=3'],
      ['getCusByPid (first project)', `/api/ccw/subscribe/getCusByPid/?pid=${pid}`],
      ['getPublicityList (all)', '/api/ccw_crm/publicity/getPublicityList/'],
      [
        'getPublicityList (name contains)',
        `/api/ccw_crm/publicity/getPublicityList/?name=${encodeURIComponent('科技')}`,
      ],
      [
        'getPublicityByName',
        `/api/ccw_crm/publicity/getPublicityByName/?name=${encodeURIComponent('深圳市华为技术有限公司')}`,
      ],
      ['getConfig', '/api/ccw/config/getConfig/'],
    ];
    const figures: Record<string, string | number>[] = [];
    for (const [name, path] of calls) {
      await load(`${origin}${path}`, auth, { connections: CONNECTIONS, duration: 1 });
      const r = await load(`${origin}${path}`, auth, { connections: CONNECTIONS });
      report(
        `1M customers (${engine}): ${name} p99 (${CONNECTIONS} connections)`,
        r.p99,
        'ms',
        BUDGET_P99_MS,
      );
      figures.push({
        call: name,
        'requests/s': Math.round(r.rps),
        'p50 ms': r.p50,
        'p99 ms': r.p99,
        errors: r.errors,
      });
    }
    console.log(
      `\n我的订阅 calls on ${engine} with 1M customers, ${CONNECTIONS} connections, ${DURATION} s each:`,
    );
    console.table(figures);
  } finally {
    await server.stop();
  }
  await benchMatching(databaseUrl, engine);
}
