// API in the operator console: the staff routes under /api/admin/ (config.staff names the permission), each change
// audited by the API keys console inside its own transaction.
import {
  idField,
  MSG,
  STAFF_API_KEYS_API,
  type StaffApiKeyItem,
  staffApiKeyItemSchema,
  staffApiKeyQuery,
  staffApiKeyUsageQuery,
  staffApiKeyUsageSchema,
  staffReasonBody,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataAt, routePath } from '../../lib/routes.js';
import type { XlsxColumn } from '../../lib/xlsx.js';
import { auditActor } from '../../plugins/staff-auth.js';
import { staffListAt } from '../../plugins/staff-routes.js';
import type { ApiKeysConsole } from './console.js';

const tags = ['staff-api'];
const read = { staff: 'api.read' } as const;
const write = { staff: 'api.write' } as const;
const idParams = z.object({ id: idField(MSG.apiKeyNotFound) });
const STATUS_NAME = { active: '正常', suspended: '已停用', revoked: '已撤销' } as const;

const KEY_COLUMNS: readonly XlsxColumn<StaffApiKeyItem>[] = [
  { header: '编号', width: 10, value: (r) => r.id },
  { header: '会员编号', width: 10, value: (r) => r.user_id },
  { header: '会员', value: (r) => r.username },
  { header: '公司名称', width: 30, value: (r) => r.company_name },
  { header: '密钥名称', value: (r) => r.name },
  { header: '密钥前缀', value: (r) => r.prefix },
  { header: '创建时间', width: 26, value: (r) => r.created_at },
  { header: '最近使用', width: 26, value: (r) => r.last_used_at },
  { header: '本月调用', value: (r) => r.calls_month },
  { header: '套餐已用', value: (r) => r.quota_used },
  { header: '套餐总次数', value: (r) => r.quota_total },
  { header: '状态', value: (r) => STATUS_NAME[r.status] },
];

export const apiConsoleRoutes: FastifyPluginAsyncZod<{ apiKeys: ApiKeysConsole }> = async (
  app,
  { apiKeys },
) => {
  staffListAt(app, {
    tags,
    filter: staffApiKeyQuery,
    item: staffApiKeyItemSchema,
    list: { url: STAFF_API_KEYS_API.list, staff: 'api.read', summary: '会员API密钥（筛选，最新在前）' },
    export: {
      url: STAFF_API_KEYS_API.export,
      staff: 'api.export',
      summary: '导出API密钥（.xlsx，筛选同列表）',
      audit: 'api.export',
      name: 'API密钥',
      columns: KEY_COLUMNS,
    },
    page: apiKeys.list,
    rows: apiKeys.export,
  });

  dataAt(
    app,
    'GET',
    [routePath(STAFF_API_KEYS_API.usage)],
    {
      config: read,
      tags,
      summary: '密钥每日调用次数',
      description: '默认最近30天，最长92天。',
      params: idParams,
      querystring: staffApiKeyUsageQuery,
      data: staffApiKeyUsageSchema,
    },
    async (request) => apiKeys.usage(request.params.id, request.query),
  );

  dataAt(
    app,
    'POST',
    [routePath(STAFF_API_KEYS_API.suspend)],
    {
      config: write,
      tags,
      summary: '停用密钥（开放接口拒绝该密钥，会员不能自行恢复）',
      params: idParams,
      body: staffReasonBody,
      data: staffApiKeyItemSchema,
    },
    async (request) => apiKeys.suspend(auditActor(request), request.params.id, request.body.reason),
  );

  dataAt(
    app,
    'POST',
    [routePath(STAFF_API_KEYS_API.resume)],
    {
      config: write,
      tags,
      summary: '恢复密钥',
      params: idParams,
      body: staffReasonBody,
      data: staffApiKeyItemSchema,
    },
    async (request) => apiKeys.resume(auditActor(request), request.params.id, request.body.reason),
  );
};
