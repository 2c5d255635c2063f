// OpenAPI document and Swagger UI at /docs, generated from the routes' zod schemas; off in production unless DOCS_PUBLIC.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';

/** A production server does not hand out a map of its API unless asked to (DOCS_PUBLIC=true). */
export const docsPlugin = fp<{ config: Pick<Config, 'docsPublic' | 'nodeEnv'> }>(
  async (app, { config }) => {
    if (config.nodeEnv === 'production' && !config.docsPublic) return;
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: '查策网会员中心 API',
          description:
            '响应体统一为 {code, message, data}。业务失败为 HTTP 200 加非 200 的 code；传输层失败（400/401/403/404/503）另带 detail。',
          version: '1.0.0',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
  },
  { name: 'docs' },
);
