// HTTP of the redemption cards (SPEC.md §7 /saastools card calls): bind, the member's cards, their totals. Cards are
// the main account's business, like its plan.
import { bindCardBody, CARDS_API, cardTotalsSchema, myCardSchema } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.js';
import { envelope, ok } from '../../plugins/envelope.js';
import type { CardsService } from './service.js';

export const cardsRoutes: FastifyPluginAsyncZod<{ cards: CardsService }> = async (app, { cards }) => {
  const config = { access: 'packages' } as const;
  const tags = ['cards'];

  app.post(
    CARDS_API.bind,
    {
      config,
      schema: {
        tags,
        summary: '绑定卡券',
        description:
          '表单或 JSON：card_no（16位数字）、card_secret（卡密，可含空格或短横线）。成功即发放卡券内容（会员套餐年限、工具使用次数或 API 调用次数），' +
          '同一张卡只能被一个账号绑定一次，重复提交不重复发放。卡号、卡密、卡券失效等任何失败均返回 HTTP 400「卡号或卡密错误」；' +
          '同一账号每小时失败 10 次、同一 IP 30 次后返回 HTTP 429「尝试次数过多，请稍后再试」。套餐卡低于当前会员等级返回 code 20105（已享更高权益），' +
          '其他套餐有效期内兑换另一套餐返回 HTTP 400。子账号 HTTP 403。',
        body: bindCardBody,
        response: { 200: envelope(myCardSchema) },
      },
    },
    async (request) =>
      ok(
        await cards.bind(
          { userId: currentUser(request).account.id, ip: request.ip },
          request.body.card_no,
          request.body.card_secret,
        ),
      ),
  );

  app.get(
    CARDS_API.mine,
    {
      config,
      schema: { tags, summary: '我的卡券（已绑定）', response: { 200: envelope(z.array(myCardSchema)) } },
    },
    async (request) => ok(await cards.mine(currentUser(request).account.id)),
  );

  app.get(
    CARDS_API.totals,
    {
      config,
      schema: { tags, summary: '卡券统计（按状态）', response: { 200: envelope(cardTotalsSchema) } },
    },
    async (request) => ok(await cards.totals(currentUser(request).account.id)),
  );
};
