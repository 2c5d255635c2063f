// HTTP of the redemption cards (docs/requirements.md §7 /saastools card calls): bind, the member's cards, their totals. Cards are
// the main account's business, like its plan.

import {
  bindCardBody,
  buyGiftBody,
  CARDS_API,
  cardTotalsSchema,
  type GiftCards,
  giftCardsSchema,
  giftOrderQuery,
  giftProductSchema,
  myCardSchema,
  orderCreatedSchema,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerReads } from '../../lib/caller-reads.js';
import { dataAt } from '../../lib/routes.js';
import { sendXlsx, type XlsxColumn } from '../../lib/xlsx.js';
import { currentUser } from '../../plugins/auth.js';
import type { CommerceService } from '../commerce/service.js';
import type { CardsService } from './service.js';

type GiftCard = GiftCards['cards'][number];

const GIFT_COLUMNS: readonly XlsxColumn<GiftCard & { grant: string; expires: string }>[] = [
  { header: '卡号', width: 22, value: (c) => c.card_no },
  { header: '卡密', width: 22, value: (c) => c.card_secret },
  { header: '兑换内容', width: 20, value: (c) => c.grant },
  { header: '绑定截止', width: 14, value: (c) => c.expires },
];

interface CardsRoutesOptions {
  cards: CardsService;
  /** Gift cards are bought as orders, and a gift order's cards are its buyer's. */
  orders: Pick<CommerceService, 'createGiftOrder' | 'ownOrder'>;
}

export const cardsRoutes: FastifyPluginAsyncZod<CardsRoutesOptions> = async (app, { cards, orders }) => {
  const config = { access: 'packages' } as const;
  const tags = ['cards'];

  dataAt(
    app,
    'POST',
    [CARDS_API.bind],
    {
      config,
      tags,
      summary: '绑定卡券',
      description:
        '表单或 JSON：card_no（16位数字）、card_secret（卡密，可含空格或短横线）。成功即发放卡券内容（会员套餐年限、工具使用次数或 API 调用次数），' +
        '同一张卡只能被一个账号绑定一次，重复提交不重复发放。卡号、卡密、卡券失效等任何失败均返回 HTTP 400「卡号或卡密错误」；' +
        '同一账号每小时失败 10 次、同一 IP 30 次后返回 HTTP 429「尝试次数过多，请稍后再试」。套餐卡低于当前会员等级返回 code 20105（已享更高权益），' +
        '其他套餐有效期内兑换另一套餐返回 HTTP 400。子账号 HTTP 403。',
      body: bindCardBody,
      data: myCardSchema,
    },
    (request) =>
      cards.bind(
        { userId: currentUser(request).account.id, ip: request.ip },
        request.body.card_no,
        request.body.card_secret,
      ),
  );

  /** A read of the signed-in account's own cards. */
  const reads = callerReads(app, (request) => currentUser(request).account.id, { config, tags });

  reads([CARDS_API.mine], '我的卡券（已绑定）', z.array(myCardSchema), (userId) => cards.mine(userId));
  reads([CARDS_API.totals], '卡券统计（按状态）', cardTotalsSchema, (userId) => cards.totals(userId));

  dataAt(
    app,
    'GET',
    [CARDS_API.shop],
    { config, tags, summary: '购买卡：可购买的礼品卡', data: z.array(giftProductSchema) },
    () => cards.giftProducts(),
  );

  dataAt(
    app,
    'POST',
    [CARDS_API.shop],
    {
      config,
      tags,
      summary: '购买礼品卡（创建订单）',
      description:
        '表单或 JSON：product（礼品卡编号）、count（1-5 张，默认 1）。返回与创建订单相同的订单（gid 为礼品卡目录 91，gift 为所购礼品卡），' +
        '随后以同样的发起支付、支付状态与对公转账完成；支付入账时生成卡号与卡密（每个订单只生成一次）。礼品卡不存在或已下架返回 HTTP 400；子账号 HTTP 403。',
      body: buyGiftBody,
      data: orderCreatedSchema,
    },
    (request) => orders.createGiftOrder(currentUser(request).account, request.body, null),
  );

  dataAt(
    app,
    'GET',
    [CARDS_API.giftCards],
    {
      config,
      tags,
      summary: '礼品卡订单的卡号与卡密（卡密仅显示一次）',
      description:
        '已支付的礼品卡订单：首次查看返回卡密，之后卡密为 null（shown 为 true）；卡密另可下载一次 Excel。他人订单 HTTP 403，未支付 HTTP 404。',
      querystring: giftOrderQuery,
      data: giftCardsSchema,
    },
    async (request) => {
      const order = await orders.ownOrder(currentUser(request).account, request.query.out_trade_no);
      return cards.giftCards(order, 'show');
    },
  );

  app.get(
    CARDS_API.giftCardsXlsx,
    {
      config,
      schema: {
        tags,
        summary: '下载礼品卡卡号与卡密（.xlsx，仅一次）',
        description: '第二次下载返回 HTTP 410「卡密已下载过，为保障安全不再提供」。',
        querystring: giftOrderQuery,
      },
    },
    async (request, reply) => {
      const order = await orders.ownOrder(currentUser(request).account, request.query.out_trade_no);
      const gift = await cards.giftCards(order, 'download');
      async function* rows() {
        for (const card of gift.cards)
          yield { ...card, grant: gift.grant, expires: gift.expires_at.slice(0, 10) };
      }
      return sendXlsx(reply, {
        name: `礼品卡-${order.out_trade_no}`,
        at: new Date(),
        sheet: '礼品卡',
        columns: GIFT_COLUMNS,
        rows: rows(),
      });
    },
  );
};
