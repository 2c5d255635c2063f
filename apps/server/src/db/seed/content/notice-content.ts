// The demo notices' content: the newest policy items get a body, 文号 and 原文链接 (notice-bodies.ts); the newest 申报通知
// and 公示公告 get PDF attachments and the newest 申报通知 a picture in its body (when a file store is given); the newest
// 公示公告 get their 公示名单, a few rows of which are companies demouser and goldvip01 hold as customers (so their
// 我的客户 rows show), the rest other companies; seeded publicity entries are linked to the 公示公告 of their title.
import { sql, type Transaction } from 'kysely';
import type { FileStore } from '../../../lib/file-store.js';
import type { Database } from '../../schema.js';
import { noticeBody, tinyPdf, tinyPng } from './notice-bodies.js';
import type { Rng } from './prng.js';

const WITH_ATTACHMENTS = { sbtz: 12, gsgg: 6 };
const WITH_LISTS = 20;
/** The newest items get bodies: the ones the lists show first (every body is indexed for the search, which costs). */
const WITH_BODIES = 300;
const MEMBERS_WITH_ROWS = ['demouser', 'goldvip01'];

const COMPANY_WORDS = ['智能', '精密', '新材料', '生物', '电子', '数控', '光电', '软件', '环保', '医疗器械'];
const COMPANY_ENDS = ['科技有限公司', '技术股份有限公司', '制造有限公司', '信息技术有限公司'];
const CITIES = ['深圳市', '广州市', '东莞市', '佛山市', '珠海市'];
const QUALIFICATIONS = ['专精特新中小企业', '创新型中小企业', '高新技术企业', '专精特新“小巨人”企业'];

const CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const creditCode = (rng: Rng) =>
  `9144${String(rng.int(300, 699))}${Array.from({ length: 11 }, () => CODE_CHARS[rng.int(0, CODE_CHARS.length - 1)]).join('')}`;

type Trx = Transaction<Database>;

async function putFile(
  trx: Trx,
  files: FileStore,
  file: {
    key: string;
    bytes: Buffer;
    mime: string;
    name: string;
    kind: string;
    noticeId: number;
    position: number;
  },
  now: Date,
): Promise<number> {
  await files.put(file.key, file.bytes, file.mime);
  const { id } = await trx
    .insertInto('notice_files')
    .values({
      notice_type: 'policy',
      notice_id: file.noticeId,
      kind: file.kind,
      position: file.position,
      name: file.name,
      mime: file.mime,
      size: file.bytes.length,
      sha256: '',
      storage_key: file.key,
      created_by: 0,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Seeds the content of the notices seeded before it; returns the rows written. */
export async function seedNoticeContent(trx: Trx, rng: Rng, now: Date, files?: FileStore): Promise<number> {
  let rows = 0;
  const items = await trx
    .selectFrom('policy_items')
    .select(['id', 'type', 'title', 'dept_name', 'publish_time'])
    .orderBy('publish_time', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const bodies = new Map<number, string>();
  for (const [i, item] of items.slice(0, WITH_BODIES).entries()) {
    const body = noticeBody(rng, i, { year: Number(item.publish_time.slice(0, 4)) });
    bodies.set(item.id, body.content);
    await trx.updateTable('policy_items').set(body).where('id', '=', item.id).execute();
    rows += 1;
  }

  if (files) {
    const newest = (type: string, n: number) => items.filter((item) => item.type === type).slice(0, n);
    for (const item of [...newest('sbtz', WITH_ATTACHMENTS.sbtz), ...newest('gsgg', WITH_ATTACHMENTS.gsgg)]) {
      const names = item.type === 'sbtz' ? ['申报指南.pdf', '附件1：项目申报书模板.pdf'] : ['公示名单.pdf'];
      for (const [position, name] of names.entries()) {
        const pdf = tinyPdf([
          `Notice ${item.id}`,
          `Attachment ${position + 1}`,
          item.publish_time.slice(0, 10),
        ]);
        await putFile(
          trx,
          files,
          {
            key: `demo/${item.id}-${position}.pdf`,
            bytes: pdf,
            mime: 'application/pdf',
            name,
            kind: 'attachment',
            noticeId: item.id,
            position,
          },
          now,
        );
        rows += 1;
      }
    }
    const pictured = newest('sbtz', 1)[0];
    if (pictured) {
      const png = tinyPng(480, 160, [
        [22, 119, 255],
        [82, 196, 26],
        [250, 173, 20],
      ]);
      const id = await putFile(
        trx,
        files,
        {
          key: `demo/${pictured.id}-chart.png`,
          bytes: png,
          mime: 'image/png',
          name: '资助标准示意图.png',
          kind: 'image',
          noticeId: pictured.id,
          position: 0,
        },
        now,
      );
      const content = `${bodies.get(pictured.id) ?? ''}<p><img src="/api/ccw/files/${id}/" alt="资助标准示意图"></p>`;
      await trx.updateTable('policy_items').set({ content }).where('id', '=', pictured.id).execute();
      rows += 1;
    }
  }

  // The members' customers some lists name (with their credit codes).
  const held = await trx
    .selectFrom('customers as c')
    .innerJoin('companies as co', 'co.id', 'c.company_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'c.name', 'co.credit_code'])
    .where('u.username', 'in', MEMBERS_WITH_ROWS)
    .orderBy('c.id')
    .limit(400)
    .execute();
  const lists = items.filter((item) => item.type === 'gsgg').slice(0, WITH_LISTS);
  for (const item of lists) {
    const date = item.publish_time.slice(0, 10).replaceAll('-', '');
    const mine = held.length > 0 ? Array.from({ length: rng.int(2, 5) }, () => rng.pick(held)) : [];
    const others = Array.from({ length: rng.int(12, 30) }, () => ({
      name: `${rng.pick(CITIES)}${rng.pick(['华', '启', '博', '锐', '恒', '星', '瑞', '盛'])}${rng.pick(['创', '达', '信', '联', '通', '远'])}${rng.pick(COMPANY_WORDS)}${rng.pick(COMPANY_ENDS)}`,
      code: creditCode(rng),
    }));
    const seen = new Set<string>();
    const list = [
      ...mine.map((c) => ({ name: c.name, code: c.credit_code, customer_id: c.id, user_id: c.user_id })),
      ...others.map((o) => ({ ...o, customer_id: null, user_id: null })),
    ]
      .filter((r) => !seen.has(r.name) && seen.add(r.name))
      .sort(() => rng.next() - 0.5);
    await trx
      .insertInto('publicity_items')
      .values(
        list.map((r) => ({
          identityid: `GS${date}${rng.hex(12).toUpperCase()}`,
          title: item.title,
          companyname: r.name,
          dept: item.dept_name,
          publishtime: item.publish_time,
          qualification: rng.pick(QUALIFICATIONS),
          customer_id: r.customer_id,
          user_id: r.user_id,
          item_id: item.id,
          credit_code: r.code,
        })),
      )
      .execute();
    rows += list.length;
  }
  // Entries seeded before (我的公示's) belong to the 公示公告 of their title, as the migration links older rows.
  await sql`update publicity_items set item_id = (select min(p.id) from policy_items p where p.type = 'gsgg' and p.title = publicity_items.title) where item_id is null`.execute(
    trx,
  );
  return rows;
}
