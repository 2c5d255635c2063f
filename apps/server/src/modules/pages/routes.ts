// Small server-rendered public pages, so no link in the app leads nowhere: the two agreements and the news detail.
import { shanghaiMinute, textField } from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { escapeHtml, renderPage } from '../../lib/html.js';
import type { NewsService } from '../news/service.js';
import { type Agreement, USER_AGREEMENT, VIP_AGREEMENT } from './agreements.js';

const PAGE_PATHS = {
  userAgreement: '/agreement.html',
  vipAgreement: '/usercenter/vipAgreement.html',
  newsDetail: '/news/detail',
} as const;

interface PagesRoutesOptions {
  site: Config['site'];
  /** The news detail page shows published articles only, as the app clock sees them. */
  news: Pick<NewsService, 'article'>;
}

export const pagesRoutes: FastifyPluginAsyncZod<PagesRoutesOptions> = async (app, { site, news }) => {
  const footer = [`客服热线：${site.hotline}（每天 8:00-18:00）`, site.copyright, site.icpNumber];
  const page = (title: string, body: string) =>
    renderPage({ title, body, footer, homeUrl: site.mainSiteUrl });

  const agreementPage = (agreement: Agreement) =>
    page(
      agreement.title,
      [
        `<h1>${escapeHtml(agreement.title)}</h1>`,
        `<p class="meta">更新日期：${escapeHtml(agreement.updated)}</p>`,
        `<p>${escapeHtml(agreement.preamble)}</p>`,
        ...agreement.sections.map(
          (s) =>
            `<h2>${escapeHtml(s.heading)}</h2>\n${s.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}`,
        ),
        `<h2>联系我们</h2>\n<p>如您对本协议有任何疑问，请拨打客服热线 ${escapeHtml(site.hotline)}（每天 8:00-18:00）。</p>`,
      ].join('\n'),
    );

  // Static for the life of the process: render once.
  const userAgreement = agreementPage(USER_AGREEMENT);
  const vipAgreement = agreementPage(VIP_AGREEMENT);
  const html = 'text/html; charset=utf-8';

  app.get(PAGE_PATHS.userAgreement, { schema: { hide: true } }, (_request, reply) =>
    reply.type(html).send(userAgreement),
  );
  app.get(PAGE_PATHS.vipAgreement, { schema: { hide: true } }, (_request, reply) =>
    reply.type(html).send(vipAgreement),
  );

  const articleMissing = page(
    '资讯不存在或已下线',
    `<div class="notice"><h1>资讯不存在或已下线</h1>
<p>您访问的资讯可能已被删除或下线，请浏览其他最新发布。</p>
<div class="actions"><a class="primary" href="/usercenter/news">返回最新发布</a><a href="${escapeHtml(site.mainSiteUrl)}/">查策网首页</a></div></div>`,
  );

  app.get(
    PAGE_PATHS.newsDetail,
    { schema: { hide: true, querystring: z.object({ guid: textField(64).optional() }) } },
    async (request, reply) => {
      const guid = request.query.guid?.trim();
      const article = guid ? await news.article(guid) : null;
      if (!article) return reply.code(404).type(html).send(articleMissing);
      return reply
        .type(html)
        .send(
          page(
            article.title,
            [
              `<h1>${escapeHtml(article.title)}</h1>`,
              `<p class="meta">来源：${escapeHtml(article.source)}　发布时间：${escapeHtml(shanghaiMinute(article.publish_time))}</p>`,
              `<div class="body">${article.html}</div>`,
              '<div class="actions"><a class="primary" href="/usercenter/news">返回最新发布</a></div>',
            ].join('\n'),
          ),
        );
    },
  );
};
