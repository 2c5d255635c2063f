// HTTP of the operator console's staff: sign-in (password + TOTP, the session in an httpOnly SameSite=Strict cookie
// scoped to /api/admin/), sign-out, who is signed in, and the audit log with its .xlsx export.
import {
  auditEntrySchema,
  auditQuery,
  MSG,
  STAFF_API,
  STAFF_API_BASE,
  STAFF_AUDIT_EXPORT,
  STAFF_COOKIE,
  staffLoginBody,
  staffSessionSchema,
} from '@uc/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { envelope, ok } from '../../lib/envelope.js';
import { pageSchema, pagingQuery } from '../../lib/paging.js';
import { dataAt } from '../../lib/routes.js';
import { sendXlsx, XLSX_TYPE, type XlsxColumn } from '../../lib/xlsx.js';
import { isHttps } from '../../plugins/security.js';
import { auditedRows, checkCsrf, currentStaff } from '../../plugins/staff-auth.js';
import { toStaffSession } from './presenter.js';
import type { StaffService } from './service.js';

const tags = ['staff'];
/** Every staff call, and only those, carries the cookie. */
const COOKIE_PATH = STAFF_API_BASE;

const AUDIT_COLUMNS: readonly XlsxColumn<z.infer<typeof auditEntrySchema>>[] = [
  { header: '编号', width: 10, value: (r) => r.id },
  { header: '时间', width: 26, value: (r) => r.at },
  { header: '员工编号', width: 10, value: (r) => r.staff_id },
  { header: '员工', value: (r) => r.staff_username },
  { header: 'IP', value: (r) => r.ip },
  { header: '操作', width: 24, value: (r) => r.action },
  { header: '对象类型', value: (r) => r.target_type },
  { header: '对象编号', value: (r) => r.target_id },
  { header: '修改前', width: 40, value: (r) => r.before },
  { header: '修改后', width: 40, value: (r) => r.after },
  { header: '原因', width: 30, value: (r) => r.reason },
];

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  // A session cookie: the server ends the session after STAFF_IDLE_MINUTES without a call.
  reply.setCookie(STAFF_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(request),
  });
}

function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(STAFF_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(request),
  });
}

export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService; limits: Config['login'] }> = async (
  app,
  { staff, limits },
) => {
  // TOTP secrets stored in clear (before sealing) are sealed once the database is migrated, before the server listens.
  app.addHook('onReady', async () => {
    try {
      const { resealed, unreadable } = await staff.sealClearSecrets();
      if (resealed > 0) app.log.info({ resealed }, 'staff TOTP secrets sealed');
      if (unreadable.length > 0) app.log.error({ unreadable }, 'staff TOTP secrets no configured key opens');
    } catch (err) {
      // The sign-in seals a clear secret it reads all the same.
      app.log.error({ err }, 'could not seal the staff TOTP secrets');
    }
  });

  app.post(
    STAFF_API.login,
    {
      config: { rateLimit: { max: limits.maxPerIpPerMinute, timeWindow: 60_000 } },
      onRequest: async (request) => checkCsrf(request),
      schema: {
        tags,
        summary: '运营后台登录（用户名、密码、动态码）',
        description:
          'JSON { username, password, totp }。成功时设置 httpOnly、SameSite=Strict、Path=/api/admin/ 的会话 Cookie，30 分钟无操作即失效。任何一项错误都返回 HTTP 401 与同一提示（不说明哪一项错误）；连续失败过多时账号或当前网络临时锁定（401，code 20002）；账号停用 403。',
        body: staffLoginBody,
        response: { 200: envelope(staffSessionSchema) },
      },
    },
    async (request, reply) => {
      const { token, staff: signedIn } = await staff.login(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      setSessionCookie(request, reply, token);
      return ok(toStaffSession(signedIn));
    },
  );

  app.post(
    STAFF_API.logout,
    {
      onRequest: async (request) => checkCsrf(request),
      schema: {
        tags,
        summary: '运营后台退出登录',
        description: '结束当前会话并清除 Cookie；没有或已失效的会话也返回 200。',
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      try {
        const signedIn = await staff.authenticate(request.cookies[STAFF_COOKIE] ?? null);
        await staff.logout(signedIn, {
          staff: { id: signedIn.id, username: signedIn.username },
          ip: request.ip,
        });
      } catch (err) {
        // No live session: nothing to end; the cookie is cleared all the same.
        request.log.debug({ err }, 'staff logout without a live session');
      }
      clearSessionCookie(request, reply);
      return ok(null, MSG.loggedOut);
    },
  );

  dataAt(
    app,
    'GET',
    [STAFF_API.me],
    { config: { staff: true }, tags, summary: '当前登录的员工', data: staffSessionSchema },
    async (request) => toStaffSession(currentStaff(request)),
  );

  dataAt(
    app,
    'GET',
    [STAFF_API.audit],
    {
      config: { staff: 'audit.read' },
      tags,
      summary: '操作日志（筛选，最新在前）',
      querystring: pagingQuery.extend(auditQuery.shape),
      data: pageSchema(auditEntrySchema),
    },
    async (request) => {
      const { page, size, ...filter } = request.query;
      return staff.auditPage(filter, { page, size });
    },
  );

  app.get(
    STAFF_AUDIT_EXPORT,
    {
      config: { staff: 'audit.export' },
      schema: {
        tags,
        summary: '导出操作日志（.xlsx，筛选同操作日志）',
        description: '需要 audit.export。写入操作日志（audit.export：筛选与行数）。',
        querystring: auditQuery,
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      const { at, rows } = staff.auditExport(request.query);
      return sendXlsx(reply, {
        name: '操作日志',
        at,
        sheet: '操作日志',
        columns: AUDIT_COLUMNS,
        rows: auditedRows(request, 'audit.export', rows),
      });
    },
  );
};
