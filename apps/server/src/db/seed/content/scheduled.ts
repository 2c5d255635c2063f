// The demo's "new items": a few policy items scheduled a little after the first start, with push settings for
// demouser that select them, so someone trying the demo sees a push arrive on the dashboard (and an SMS digest in the
// console outbox) without typing a command. The running server's publication outbox pushes each one when it is due,
// like an item the operator command schedules with --at.
import type { Kysely } from 'kysely';
import type { Database } from '../../schema.js';

/** demouser's demo push settings: Shenzhen, every type, on the site and by SMS. */
export const DEMO_PUSH_SETTINGS = {
  regions: ['440300'],
  channels: ['site', 'sms'],
} as const;

/** The scheduled items, the nth due `n × after` after the seed. */
export const DEMO_NEW_ITEMS = [
  {
    type: 'sbtz',
    title: '关于申报2026年深圳市数字经济产业扶持计划的通知',
    dept_name: '深圳市工业和信息化局',
  },
  {
    type: 'zcdt',
    title: '深圳市促进人工智能产业高质量发展若干措施（新发布）',
    dept_name: '深圳市发展和改革委员会',
  },
  {
    type: 'gsgg',
    title: '2026年深圳市科技型中小企业入库名单公示',
    dept_name: '深圳市科技创新局',
  },
] as const;

/** Inserts demouser's push settings and the scheduled items with their outbox rows; returns the rows written. */
export async function seedScheduledItems(
  trx: Kysely<Database>,
  demouserId: number,
  now: Date,
  afterSeconds: number,
): Promise<number> {
  await trx
    .insertInto('push_settings')
    .values({
      user_id: demouserId,
      regions: JSON.stringify(DEMO_PUSH_SETTINGS.regions),
      departments: '[]',
      industries: '[]',
      types: '[]',
      keywords: '[]',
      channels: JSON.stringify(DEMO_PUSH_SETTINGS.channels),
      quiet_start: '',
      quiet_end: '',
      updated_at: now.toISOString(),
    })
    .execute();
  for (const [i, item] of DEMO_NEW_ITEMS.entries()) {
    const due = new Date(now.getTime() + (i + 1) * afterSeconds * 1000).toISOString();
    const { id } = await trx
      .insertInto('policy_items')
      .values({
        ...item,
        city_code: '440300',
        area_code: null,
        industry_code: null,
        publish_time: due,
        end_time: item.type === 'sbtz' ? new Date(Date.parse(due) + 30 * 86_400_000).toISOString() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('policy_publications').values({ item_id: id, due_at: due }).execute();
  }
  return 1 + DEMO_NEW_ITEMS.length * 2;
}
