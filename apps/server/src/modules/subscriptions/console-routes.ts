// 内容 in the operator console: the staff routes under /api/admin/ (config.staff names the permission), each change
// audited through `audit` inside its own transaction. Not built yet.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RecordAudit } from '../staff/audit.js';
import type { Publisher } from './publisher.js';

export const contentConsoleRoutes: FastifyPluginAsyncZod<{
  publisher: Publisher;
  audit: RecordAudit;
}> = async () => {};
