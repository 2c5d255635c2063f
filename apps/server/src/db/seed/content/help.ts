// 帮助中心's first articles (written into a new database once, like the menus: staff edit them in the console
// afterwards) and, for the demo, two tickets of demouser: one waiting for staff, one answered and unread.
import { shanghaiDate } from '@uc/shared';
import { sanitizeRichText } from '../../../lib/rich-text.js';
import type { Db } from '../../connection.js';
import { noticeText } from '../../migrations/notice-grams.js';

interface SeedArticle {
  topic: 'account' | 'payment' | 'invoice' | 'api' | 'customers';
  title: string;
  html: string;
}

const steps = (...items: string[]) => `<ol>${items.map((i) => `<li>${i}</li>`).join('')}</ol>`;

/** What the product does, told as a member meets it (the pages' own names). */
export const HELP_ARTICLES: readonly SeedArticle[] = [
  {
    topic: 'account',
    title: '如何使用短信验证码登录',
    html:
      '<p>忘记密码或不方便输入密码时，可以用绑定的手机号免密登录。</p>' +
      steps(
        '打开登录页，切换到<strong>免密登录</strong>。',
        '输入绑定的手机号，点击<strong>获取验证码</strong>，按提示拖动滑块完成拼图验证。',
        '输入短信中的6位验证码，点击<strong>登录</strong>。',
      ) +
      '<p>勾选<strong>一周内自动登录</strong>后，本设备一周内无需再次登录。验证码发送过于频繁时，请按提示的秒数稍后再试。</p>',
  },
  {
    topic: 'account',
    title: '忘记密码怎么办',
    html:
      '<p>在登录页点击<strong>忘记密码</strong>，进入找回密码页面：</p>' +
      steps(
        '输入账号绑定的手机号并获取短信验证码。',
        '输入新密码并再次确认（至少8位，需同时包含字母和数字）。',
        '同一手机号绑定了多个账号时，请选择要找回的账号，然后提交。',
      ) +
      '<p>如果手机号未绑定任何账号，页面会提示联系客服找回；也可以在帮助中心<strong>提交工单</strong>。</p>',
  },
  {
    topic: 'account',
    title: '如何添加和管理子账号',
    html:
      '<p>主账号可以在<strong>账户设置 → 子账号管理</strong>中为同事添加子账号，子账号数量上限取决于套餐。</p>' +
      '<ul><li>子账号共享主账号的会员权益、客户与订阅，登录后看到的是主账号团队的数据。</li>' +
      '<li>主账号可以随时停用、启用或删除子账号，子账号会在消息中心收到通知。</li>' +
      '<li>子账号不能购买套餐；工单方面，子账号只能看到自己提交的工单，主账号可以看到全团队的工单。</li></ul>',
  },
  {
    topic: 'payment',
    title: '在手机上用微信支付购买会员',
    html:
      '<p>在<strong>会员服务 → 会员套餐</strong>选择套餐并勾选协议后，点击<strong>立即支付</strong>：</p>' +
      '<ul><li>在微信内打开会员中心时，会直接拉起微信支付，确认后即完成付款。</li>' +
      '<li>在手机浏览器中打开时，会跳转到微信支付页面，支付完成后自动返回支付结果页。</li>' +
      '<li>也可以点击<strong>改用扫码支付</strong>，用另一台设备扫码付款。</li></ul>' +
      '<p>支付成功后会员权益立即生效，可在<strong>我的订单</strong>查看订单；如果付款后页面一直显示未完成，请不要重复付款，先在我的订单中查看状态，或提交工单并附上订单号。</p>',
  },
  {
    topic: 'payment',
    title: '企业对公转账如何付款',
    html:
      '<p>订单页面选择<strong>对公转账</strong>后，会显示收款单位、开户银行和账号。</p>' +
      steps(
        '按页面金额转账，并在转账备注中填写<strong>订单号</strong>（20位数字）。',
        '财务核对到账后确认订单，会员权益随即生效，消息中心会通知您。',
      ) +
      '<p>转账备注未填写订单号会导致核对变慢，请提交工单并附上转账回单截图。</p>',
  },
  {
    topic: 'invoice',
    title: '如何申请电子发票',
    html:
      '<p>已支付且金额大于0的订单可以申请发票，每个订单申请一次：</p>' +
      steps(
        '进入<strong>会员服务 → 我的订单</strong>，在订单上点击<strong>申请发票</strong>。',
        '选择发票类型和抬头：企业抬头需填写18位统一社会信用代码；增值税专用发票还需注册地址、电话、开户银行和账号。',
        '填写接收邮箱并提交，开具后发票会发送到该邮箱，也可在<strong>发票管理</strong>下载PDF。',
      ) +
      '<p>部分套餐仅支持开具普通电子发票。申请被驳回时，发票管理中会显示原因，修改后可以重新申请。</p>',
  },
  {
    topic: 'invoice',
    title: '退款后的发票如何处理',
    html:
      '<p>订单退款后，已开具的发票会按退款金额红冲（开具红字发票），发票管理中的状态会随之更新。</p>' +
      '<p>部分退款时，红冲的是退款部分，剩余金额的发票继续有效。如需重新开具，请提交工单说明。</p>',
  },
  {
    topic: 'api',
    title: '如何创建API密钥',
    html:
      '<p>购买API套餐后，在<strong>会员服务 → 我的API</strong>中点击<strong>创建密钥</strong>：</p>' +
      steps(
        '填写密钥名称，便于区分用途。',
        '按需填写IP白名单（每行一个IPv4或IPv6地址），只有这些地址可以使用该密钥；不填则不限制。',
        '创建后密钥<strong>只显示一次</strong>，请立即复制保存。',
      ) +
      '<p>调用时在请求头中携带 <code>Authorization: Bearer 密钥</code>。密钥泄露时请立即在我的API中停用并重新创建。</p>',
  },
  {
    topic: 'api',
    title: 'API调用次数如何计算',
    html:
      '<p>每次成功返回数据的调用扣减1次，参数错误、密钥无效等失败的调用不扣次数。</p>' +
      '<p>可在<strong>我的API</strong>查看剩余次数与调用记录；次数用完或套餐到期后调用会被拒绝，续费或购买新套餐即可恢复。</p>',
  },
  {
    topic: 'customers',
    title: '如何批量导入客户',
    html:
      '<p>在<strong>我的客户</strong>页面点击<strong>批量导入</strong>：</p>' +
      steps(
        '先下载导入模板（.xlsx），在第一列填写企业名称或统一社会信用代码，每行一家。',
        '上传填好的文件（不超过2MB，最多5000行），系统在后台逐批导入并显示进度。',
        '导入完成后可下载结果文件，查看每一行是否导入成功及原因。',
      ) +
      '<p>客户数量达到会员等级的上限后将无法继续添加，升级会员可提高上限。</p>',
  },
  {
    topic: 'customers',
    title: '客户标签和跟进记录怎么用',
    html:
      '<p>在客户详情中可以为客户添加标签（每个客户最多10个），并在列表中按标签筛选。</p>' +
      '<p>跟进记录用于记录拜访和沟通情况，日期可以早于今天，但不能晚于今天；记录会显示是哪个账号填写的。</p>',
  },
];

/** Inserts the articles when the help centre has none; how many. */
export async function seedHelpArticles(db: Db, now: Date): Promise<number> {
  const any = await db.selectFrom('help_articles').select('id').limit(1).executeTakeFirst();
  if (any) return 0;
  const stamp = now.toISOString();
  const rows = HELP_ARTICLES.map((a, index) => {
    const { html } = sanitizeRichText(a.html);
    return {
      topic: a.topic,
      title: a.title,
      content: html,
      plain: noticeText(html).replace(/\s+/g, ' '),
      published: 1,
      sort: index,
      created_at: stamp,
      updated_at: stamp,
    };
  });
  await db.insertInto('help_articles').values(rows).execute();
  return rows.length;
}

/** demouser's two tickets, once: one waiting for staff, one answered that demouser has not read yet. */
export async function seedDemoTickets(db: Db, now: Date): Promise<number> {
  const demo = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'demouser')
    .executeTakeFirst();
  if (!demo) return 0;
  const any = await db
    .selectFrom('tickets')
    .select('id')
    .where('owner_id', '=', demo.id)
    .limit(1)
    .executeTakeFirst();
  if (any) return 0;
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  const tickets = [
    {
      category: 'invoice',
      content: '我们的发票抬头写错了一个字，已经开具的发票能否作废重开？订单是上周购买的年度会员。',
      opened: hoursAgo(30),
      answer: {
        at: hoursAgo(26),
        content:
          '您好，已开具的电子发票不能直接修改。请在发票管理中确认发票信息后回复本工单，我们会为您红冲原发票并按正确抬头重新开具。',
      },
    },
    {
      category: 'customers',
      content: '批量导入客户时有几行提示名称对应多家企业，应该怎么处理？',
      opened: hoursAgo(3),
      answer: null,
    },
  ];
  // A console account when one exists (a new database has none: the answer is then 客服's without a number).
  const staff = await db.selectFrom('staff').select('id').orderBy('id').limit(1).executeTakeFirst();
  for (const t of tickets) {
    const opened = t.opened.toISOString();
    const answeredAt = t.answer ? t.answer.at.toISOString() : null;
    const { id } = await db
      .insertInto('tickets')
      .values({
        no: `seed-${opened}-${t.category}`,
        user_id: demo.id,
        owner_id: demo.id,
        category: t.category,
        title: [...t.content].slice(0, 30).join(''),
        status: answeredAt ? 'answered' : 'open',
        page: null,
        order_no: null,
        rating: null,
        rating_comment: null,
        created_at: opened,
        updated_at: answeredAt ?? opened,
        closed_at: null,
        waiting_since: answeredAt ? null : opened,
        answered_at: answeredAt,
        read_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('tickets')
      .set({ no: `GD${shanghaiDate(t.opened).replaceAll('-', '')}${String(id).padStart(4, '0')}` })
      .where('id', '=', id)
      .execute();
    await db
      .insertInto('ticket_messages')
      .values({
        ticket_id: id,
        sender: 'member',
        user_id: demo.id,
        staff_id: null,
        content: t.content,
        created_at: opened,
      })
      .execute();
    await db
      .insertInto('ticket_events')
      .values({
        ticket_id: id,
        at: opened,
        action: 'open',
        user_id: demo.id,
        staff_id: null,
        actor: '会员 demouser',
        detail: '',
      })
      .execute();
    if (t.answer && answeredAt) {
      await db
        .insertInto('ticket_messages')
        .values({
          ticket_id: id,
          sender: 'staff',
          user_id: null,
          staff_id: staff?.id ?? null,
          content: t.answer.content,
          created_at: answeredAt,
        })
        .execute();
      await db
        .insertInto('ticket_events')
        .values({
          ticket_id: id,
          at: answeredAt,
          action: 'staff_reply',
          user_id: null,
          staff_id: staff?.id ?? null,
          actor: '客服',
          detail: '',
        })
        .execute();
    }
  }
  return tickets.length;
}
