// Grows a database to N notices for benchmarks (`npm run seed -- --notices 100000`): policy items of the three types
// and news articles (about one in ten), each with a body of one to three thousand characters of policy prose (HTML
// headings and paragraphs; longer than the demo's notice-bodies.ts, with a few rare phrases the bench looks for),
// over the last three years. Deterministic, resumable (it only adds what is missing),
// batched, one transaction per batch, each batch indexed for the search as it is inserted.
import { DAY_MS } from '@uc/shared';
import { escapeHtml } from '../../../lib/html.js';
import type { Db } from '../../connection.js';
import { indexNotices } from '../../notice-search-repo.js';
import { generateNews, generatePolicyItems } from './generate.js';
import { mulberry32, type Rng } from './prng.js';

const NOTICES_SEED = 3_800_001;
const BATCH = 500;
const YEARS = 3;

/** Clauses of policy prose, joined into sentences. */
const CLAUSES = [
  '为深入贯彻落实创新驱动发展战略',
  '进一步激发企业创新活力',
  '加快培育发展新质生产力',
  '根据有关文件精神',
  '经研究决定',
  '现将有关事项通知如下',
  '申报单位须在本市依法注册并具有独立法人资格',
  '企业上年度研发费用加计扣除金额不低于一定比例',
  '近三年内未发生重大安全、质量事故和严重环境违法行为',
  '申报材料须真实、完整、有效',
  '对弄虚作假的单位取消其申报资格',
  '高新技术企业认定有效期内的企业优先支持',
  '专精特新中小企业和小巨人企业可按规定享受奖励',
  '资助资金采用事后补助方式',
  '单个项目资助金额最高不超过五百万元',
  '各区主管部门负责组织本辖区企业申报',
  '请于截止日期前通过线上系统提交申报材料',
  '逾期不予受理',
  '联系电话请咨询各区科技主管部门',
  '知识产权质押融资贴息按实际发生额的一定比例给予补贴',
  '鼓励企业建设研发机构和工程技术研究中心',
  '支持企业开展关键核心技术攻关',
  '推动产学研深度融合和科技成果转化',
  '对认定的技术先进型服务企业给予一次性奖励',
  '企业研究开发费用税前加计扣除政策按规定执行',
  '数字化转型和智能化改造项目纳入支持范围',
  '绿色低碳技术示范应用项目可申请专项资金',
  '外贸企业出口信用保险保费给予适当资助',
  '人才引进和培养按照相关政策给予住房和生活补贴',
  '公示期间如有异议可书面向主管部门反映',
];
/** Rare clauses: a phrase few notices hold. */
const RARE = ['首台（套）重大技术装备保险补偿', '揭榜挂帅重大科技专项', 'R&D Center 国际合作示范基地'];
const HEADINGS = [
  '一、支持对象',
  '二、申报条件',
  '三、支持方式和标准',
  '四、申报材料',
  '五、申报程序',
  '六、其他事项',
];

/** A body of one to three thousand characters: headed sections of paragraphs. */
export function longNoticeBody(rng: Rng): string {
  const parts: string[] = [];
  const sections = rng.int(3, 6);
  for (let s = 0; s < sections; s += 1) {
    parts.push(`<h2>${HEADINGS[s]}</h2>`);
    for (let p = rng.int(2, 4); p > 0; p -= 1) {
      const sentences: string[] = [];
      for (let n = rng.int(2, 4); n > 0; n -= 1) {
        const clauses = Array.from({ length: rng.int(2, 4) }, () =>
          rng.chance(0.002) ? rng.pick(RARE) : rng.pick(CLAUSES),
        );
        sentences.push(`${clauses.join('，')}。`);
      }
      parts.push(`<p>${escapeHtml(sentences.join(''))}</p>`);
    }
  }
  return parts.join('');
}

async function countNotices(db: Db): Promise<number> {
  const count = async (table: 'policy_items' | 'news') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return (await count('policy_items')) + (await count('news'));
}

/** Adds notices until the database holds `notices` (policy items and news together); returns how many it added. */
export async function growNotices(
  db: Db,
  {
    notices,
    now = new Date(),
    log = () => {},
  }: { notices: number; now?: Date; log?: (line: string) => void },
): Promise<number> {
  const have = await countNotices(db);
  const rng = mulberry32(NOTICES_SEED + have);
  let added = 0;
  const spanMs = YEARS * 365 * DAY_MS;
  while (have + added < notices) {
    const n = Math.min(BATCH, notices - have - added);
    const newsCount = Math.round(n / 10);
    const items = generatePolicyItems(rng, {
      now,
      count: n - newsCount,
      recentPerType: 0,
      overDays: 365 * YEARS,
    }).map((item) => ({ ...item, content: longNoticeBody(rng) }));
    const news = generateNews(rng, { now, count: newsCount }).map((article) => ({
      ...article,
      content: longNoticeBody(rng),
      publish_time: new Date(now.getTime() - rng.int(1, spanMs / 60_000) * 60_000).toISOString(),
    }));
    await db.transaction().execute(async (trx) => {
      if (items.length > 0) {
        const ids = await trx.insertInto('policy_items').values(items).returning('id').execute();
        await indexNotices(
          trx,
          'policy',
          ids.map((r) => r.id),
        );
      }
      if (news.length > 0) {
        const ids = await trx.insertInto('news').values(news).returning('id').execute();
        await indexNotices(
          trx,
          'news',
          ids.map((r) => r.id),
        );
      }
    });
    added += n;
    if (added % 10_000 < BATCH) log(`notices: ${have + added} of ${notices}`);
  }
  return added;
}
