// HTTP of the API package: 我的API's key management and usage (main accounts), the open API's documentation at
// /openapi/v1/docs (docs.ts), and its four products under /openapi/v1/ (product-routes.ts: a bearer key, JSON, one
// call charged per complete success).
import {
  API_KEYS_API,
  apiKeyBody,
  apiKeyCreatedSchema,
  apiKeySchema,
  apiUsageSchema,
  idField,
  OPEN_API,
} from '@uc/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { dataAt, routePath } from '../../lib/routes.js';
import { currentUser } from '../../plugins/auth.js';
import { docsPage, openApiDocument } from './docs.js';
import { openApiProductRoutes } from './product-routes.js';
import type { OpenApiService } from './service.js';

export const openApiRoutes: FastifyPluginAsyncZod<{
  openApi: OpenApiService;
  site: Config['site'];
  /** This server's public address (PUBLIC_BASE_URL): the examples' URLs start with it. */
  baseUrl: string;
}> = async (app, { openApi, site, baseUrl }) => {
  const base = baseUrl.replace(/\/+$/, '');
  const config = { access: 'packages' } as const;
  const tags = ['open-api'];
  const userId = (request: FastifyRequest) => currentUser(request).account.id;

  dataAt(
    app,
    'GET',
    [API_KEYS_API.keys],
    { config, tags, summary: 'API密钥列表', data: z.array(apiKeySchema) },
    (request) => openApi.keys(userId(request)),
  );
  dataAt(
    app,
    'POST',
    [API_KEYS_API.keys],
    {
      config,
      tags,
      summary: '创建API密钥',
      description:
        'JSON：name（1-30个字符）、ip_allow（IP白名单，最多20个，空为不限）。返回的 key 只显示这一次，服务器只保存其哈希；最多保留10个未撤销的密钥。',
      body: apiKeyBody,
      data: apiKeyCreatedSchema,
    },
    (request) => openApi.createKey(userId(request), request.body),
  );
  dataAt(
    app,
    'DELETE',
    [routePath(API_KEYS_API.key)],
    { config, tags, summary: '撤销API密钥', params: z.object({ id: idField() }), data: z.null() },
    async (request) => {
      await openApi.revokeKey(userId(request), request.params.id);
      return null;
    },
  );
  dataAt(
    app,
    'GET',
    [API_KEYS_API.usage],
    {
      config,
      tags,
      summary: 'API调用统计（近30天每日调用量、最近100次调用、剩余次数）',
      data: apiUsageSchema,
    },
    (request) => openApi.usage(userId(request)),
  );

  app.get(OPEN_API.docsJson, { schema: { hide: true } }, async () => openApiDocument(base));
  app.get(OPEN_API.docs, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(docsPage(site, base)),
  );

  await app.register(openApiProductRoutes, { openApi });
};
