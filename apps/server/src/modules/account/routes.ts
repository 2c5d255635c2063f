// HTTP for "Account and team" (docs/api.md): the account's own information and security, re-authentication, the
// email confirmation link, sub-account management, uploaded avatars and the login page's policy totals.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import {
  ACCOUNT_API,
  AVATAR_MAX_BYTES,
  addSubAccountBody,
  bindEmailQuery,
  changeSubPasswordBody,
  checkPasswordBody,
  checkVerifyCodeBody,
  editSubAccountBody,
  idField,
  MSG,
  rechangePasswdBody,
  telphoneMessageQuery,
  textField,
  updateEmailBody,
  updateTelphoneBody,
  updateUserBody,
  userListQuery,
} from '@uc/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { AppError, errors } from '../../errors.js';
import { escapeHtml, renderPage } from '../../lib/html.js';
import { pageSchema, pagingQuery } from '../../lib/paging.js';
import { currentUser } from '../../plugins/auth.js';
import { envelope, ok } from '../../plugins/envelope.js';
import type { ClientInfo } from '../auth/service.js';
import { readSid } from '../captcha/session-id.js';
import { AVATAR_URL_PREFIX, publicOrigin } from '../users/presenter.js';
import { AVATAR_FILE, avatarDir } from './avatar.js';
import {
  architectureSchema,
  avatarSchema,
  countSchema,
  emailPendingSchema,
  policyCountSchema,
  profileSchema,
  resetPasswordSchema,
  securitySchema,
  subAccountSchema,
  ticketSchema,
  tokenSchema,
} from './presenter.js';
import type { AccountService } from './service.js';
import type { TeamService } from './team.js';

interface AccountRoutesOptions {
  account: AccountService;
  team: TeamService;
  config: Pick<Config, 'dataDir' | 'site' | 'login' | 'sms'>;
}

/** `{id}` of a shared path as Fastify writes it. */
const routePath = (template: string) => template.replace(/\{(\w+)\}/g, ':$1');

const idParams = z.object({ id: idField(MSG.subAccountNotFound) });
const jtiParams = z.object({
  jti: textField(64, { error: MSG.sessionNotFound, tooLong: MSG.sessionNotFound }),
});

const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
  sid: readSid(request),
});

const SUB_ONLY_MAIN = '仅主账号可调用：子账号调用时 HTTP 403（子账号无权管理子账号，请联系主账号）';
const NOT_YOURS =
  '不是本主账号的子账号时 HTTP 403（您无权操作其他主账号的子账号），不存在或已删除时 HTTP 404（子账号不存在）';

const multipartErrors: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: errors.avatarTooLarge,
  FST_INVALID_MULTIPART_CONTENT_TYPE: errors.avatarRequired,
};

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { account, team, config },
) => {
  const origin = (request: FastifyRequest) => publicOrigin(request, config.site.apiBaseUrl);
  const guarded = { max: config.login.maxPerIpPerMinute, timeWindow: 60_000 };
  const smsLimited = { max: config.sms.perIpPerMinute, timeWindow: 60_000 };
  const tags = ['account'];

  // ---- the account's own data

  app.get(
    ACCOUNT_API.profile,
    {
      config: { auth: true },
      schema: { tags, summary: '账号信息', response: { 200: envelope(profileSchema) } },
    },
    async (request) => ok(await account.profile(currentUser(request), origin(request))),
  );

  app.post(
    ACCOUNT_API.updateUser,
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '修改账号信息',
        description: '表单或 JSON：name（联系人姓名，1-20个字符）。公司名称只读。',
        body: updateUserBody,
        response: { 200: envelope(profileSchema) },
      },
    },
    async (request) =>
      ok(
        await account.updateProfile(
          currentUser(request),
          request.body.name,
          clientOf(request),
          origin(request),
        ),
        MSG.saved,
      ),
  );

  // The avatar: multipart in a scope of its own, so no other route accepts multipart bodies.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    });
    scope.post(
      ACCOUNT_API.avatar,
      {
        config: { auth: true },
        schema: {
          tags,
          summary: '上传头像',
          description:
            'multipart/form-data，一个文件字段 file：PNG 或 JPEG（按文件头判断，不看 Content-Type），不超过 2MB。data.avatar 为本服务器上的绝对地址。',
          response: { 200: envelope(avatarSchema) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        let bytes: Buffer;
        try {
          const file = await request.file();
          if (!file) throw errors.avatarRequired();
          bytes = await file.toBuffer();
        } catch (error) {
          if (error instanceof AppError) throw error;
          const code = (error as { code?: string }).code ?? '';
          throw (multipartErrors[code] ?? errors.avatarRequired)();
        }
        if (bytes.length === 0) throw errors.avatarRequired();
        const stored = await account.setAvatar(user, bytes, clientOf(request));
        return ok({ avatar: `${origin(request)}${stored}` }, MSG.avatarUpdated);
      },
    );
  });

  // Uploaded avatars: random names, never changed, so cached for a year.
  app.get(`${AVATAR_URL_PREFIX}:file`, { schema: { hide: true } }, async (request, reply) => {
    const file = (request.params as { file?: string }).file ?? '';
    if (!AVATAR_FILE.test(file)) throw errors.notFound();
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(avatarDir(config.dataDir), file));
    } catch {
      throw errors.notFound();
    }
    return reply
      .type(file.endsWith('.png') ? 'image/png' : 'image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(bytes);
  });

  app.post(
    ACCOUNT_API.rechangePasswd,
    {
      config: { auth: true, rateLimit: guarded },
      schema: {
        tags,
        summary: '修改密码',
        description:
          '表单或 JSON：oldpassword、newpassword、surepassword 均为 SHA-256 小写十六进制（encoded 可为 1/true，表示已哈希；总是如此）。newpassword 与 surepassword 必须相同（两次输入的密码不一致），且不能等于 oldpassword（20203）。原密码错误 20202，计入登录失败次数（锁定时 20002）。成功后该账号的其他会话全部失效（旧令牌 30001，推送 code 1），data.token 为当前会话的新令牌。',
        body: rechangePasswdBody,
        response: { 200: envelope(tokenSchema) },
      },
    },
    async (request) =>
      ok(
        await account.changePassword(currentUser(request), request.body, clientOf(request)),
        MSG.passwordChanged,
      ),
  );

  app.post(
    ACCOUNT_API.checkPassword,
    {
      config: { auth: true, rateLimit: guarded },
      schema: {
        tags,
        summary: '身份验证（密码）',
        description:
          'password 为 SHA-256 小写十六进制。成功时 data 为一次性身份验证票据（10分钟），供 updateTelphone/updateEmail 使用。密码错误 20001，计入登录失败次数（锁定时 20002）。',
        body: checkPasswordBody,
        response: { 200: envelope(ticketSchema) },
      },
    },
    async (request) =>
      ok(
        await account.checkPassword(currentUser(request), request.body.password, clientOf(request)),
        MSG.reauthOk,
      ),
  );

  app.get(
    ACCOUNT_API.verifyMessage,
    {
      config: { auth: true, rateLimit: smsLimited },
      schema: {
        tags,
        summary: '发送身份验证验证码（当前手机号）',
        description:
          '需先通过拼图验证（同一 uc_sid 会话的一次性票据）。验证码发送到账号当前绑定的手机号（purpose verify）。未绑定手机号 20012（请使用密码验证身份）；未完成拼图、发送过于频繁或超过每日上限 20012。',
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await account.sendVerifyCode(currentUser(request), clientOf(request));
      return ok(null, MSG.smsSent);
    },
  );

  app.post(
    ACCOUNT_API.checkVerifyCode,
    {
      config: { auth: true, rateLimit: guarded },
      schema: {
        tags,
        summary: '身份验证（短信验证码）',
        description:
          'verifycode：发送到当前手机号的验证码。成功时 data 为一次性身份验证票据（10分钟）。20008 验证码错误（仍可重试），20012 验证码已失效。',
        body: checkVerifyCodeBody,
        response: { 200: envelope(ticketSchema) },
      },
    },
    async (request) =>
      ok(await account.checkVerifyCode(currentUser(request), request.body.verifycode), MSG.reauthOk),
  );

  app.get(
    ACCOUNT_API.telphoneMessage,
    {
      config: { auth: true, rateLimit: smsLimited },
      schema: {
        tags,
        summary: '发送更换手机号验证码（新手机号）',
        description:
          '需先通过拼图验证。验证码发送到新手机号 phone（purpose rebind）。与当前手机号相同或已绑定其他主账号时 20204；未完成拼图、发送过于频繁或超过每日上限 20012。',
        querystring: telphoneMessageQuery,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await account.sendRebindCode(currentUser(request), request.query.phone, clientOf(request));
      return ok(null, MSG.smsSent);
    },
  );

  app.post(
    ACCOUNT_API.updateTelphone,
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '更换手机号',
        description:
          '表单或 JSON：telphone（新手机号）、verifycode（发送到新手机号的验证码）、ticket（身份验证票据）。票据缺失、已用或过期 20201；新手机号与当前相同或已绑定其他主账号 20204；20008/20012 验证码错误或失效（票据保留）。成功后旧手机号未使用的验证码作废。',
        body: updateTelphoneBody,
        response: { 200: envelope(profileSchema) },
      },
    },
    async (request) =>
      ok(
        await account.updateMobile(currentUser(request), request.body, clientOf(request), origin(request)),
        MSG.mobileChanged,
      ),
  );

  app.post(
    ACCOUNT_API.updateEmail,
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '绑定邮箱',
        description:
          '表单或 JSON：email、ticket（身份验证票据）。向新邮箱发送确认链接（24小时内有效，一次性），点击后绑定生效。票据无效 20201；与当前邮箱相同 400。',
        body: updateEmailBody,
        response: { 200: envelope(emailPendingSchema) },
      },
    },
    async (request) =>
      ok(
        await account.requestEmail(currentUser(request), request.body, clientOf(request), origin(request)),
        MSG.emailConfirmSent,
      ),
  );

  app.get(
    ACCOUNT_API.bindEmail,
    {
      config: { rateLimit: guarded },
      schema: {
        tags,
        summary: '确认邮箱（邮件中的链接）',
        description:
          '浏览器打开（Accept 含 text/html）时返回 HTML 页面（成功或失败说明，并链接到账号安全页面）；否则返回 JSON：成功 200，链接无效、已使用或已过期 20205。',
        querystring: bindEmailQuery,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const wantsPage = (request.headers.accept ?? '').includes('text/html');
      let outcome: { ok: true } | { ok: false; error: AppError };
      try {
        await account.confirmEmail(request.query.token, request.ip);
        outcome = { ok: true };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcome = { ok: false, error };
      }
      if (!wantsPage) {
        if (!outcome.ok) throw outcome.error;
        return ok(null, MSG.emailBound);
      }
      const title = outcome.ok ? MSG.emailBound : '邮箱绑定失败';
      const text = outcome.ok ? '您的邮箱已绑定成功。' : outcome.error.message;
      const body = `<div class="notice"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><div class="actions"><a class="primary" href="${escapeHtml(account.accountPageUrl)}">返回账号安全</a></div></div>`;
      // The page is not the envelope the response schema describes.
      return (reply as FastifyReply)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .send(
          renderPage({
            title,
            body,
            footer: [
              `客服热线：${config.site.hotline}（每天 8:00-18:00）`,
              config.site.copyright,
              config.site.icpNumber,
            ],
            homeUrl: config.site.mainSiteUrl,
          }),
        );
    },
  );

  app.get(
    ACCOUNT_API.security,
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '账号安全状态',
        description:
          '掩码后的手机号和邮箱、邮箱是否已确认及待确认地址、上次修改密码时间、最近10次登录记录、在线会话（current 为当前会话）、最近20条安全操作记录。',
        response: { 200: envelope(securitySchema) },
      },
    },
    async (request) => ok(await account.security(currentUser(request))),
  );

  app.post(
    routePath(ACCOUNT_API.sessionLogout),
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '下线一个会话',
        description:
          '结束本账号的另一个在线会话（其令牌随后得到 30001，推送 code 1）。当前会话或不存在、已下线的会话 20209。',
        params: jtiParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await account.endSession(currentUser(request), request.params.jti, clientOf(request));
      return ok(null, MSG.sessionEnded);
    },
  );

  // ---- sub-accounts

  app.get(
    ACCOUNT_API.userList,
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '子账号列表',
        description: `可选 name（按用户名或联系人姓名模糊搜索），page、size 分页。${SUB_ONLY_MAIN}。`,
        querystring: pagingQuery.extend(userListQuery.shape),
        response: { 200: envelope(pageSchema(subAccountSchema)) },
      },
    },
    async (request) => {
      const { name, page, size } = request.query;
      return ok(await team.list(currentUser(request), name, { page, size }));
    },
  );

  app.get(
    ACCOUNT_API.userCount,
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '子账号数量与上限',
        description: `count 为已有子账号数，limit 为当前套餐允许的上限。${SUB_ONLY_MAIN}。`,
        response: { 200: envelope(countSchema) },
      },
    },
    async (request) => ok(await team.count(currentUser(request))),
  );

  app.get(
    ACCOUNT_API.architecture,
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '账号架构',
        description: `主账号及其子账号组成的树。${SUB_ONLY_MAIN}。`,
        response: { 200: envelope(architectureSchema) },
      },
    },
    async (request) => ok(await team.architecture(currentUser(request))),
  );

  app.post(
    ACCOUNT_API.users,
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '添加子账号',
        description: `表单或 JSON：username、password（SHA-256 小写十六进制）、可选 surepassword（须与 password 相同）、name（联系人姓名）、可选 mobile。用户名已存在 20006；手机号已绑定其他主账号 20204；超过套餐上限 20206。${SUB_ONLY_MAIN}。`,
        body: addSubAccountBody,
        response: { 200: envelope(subAccountSchema) },
      },
    },
    async (request) =>
      ok(await team.add(currentUser(request), request.body, clientOf(request)), MSG.subAccountAdded),
  );

  app.put(
    routePath(ACCOUNT_API.user),
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '修改子账号',
        description: `JSON 或表单：可选 name、mobile（'' 或 null 表示解绑）、enabled（true/false；停用后该子账号立即下线且不能登录）。${SUB_ONLY_MAIN}；${NOT_YOURS}。`,
        params: idParams,
        body: editSubAccountBody,
        response: { 200: envelope(subAccountSchema) },
      },
    },
    async (request) =>
      ok(
        await team.edit(currentUser(request), request.params.id, request.body, clientOf(request)),
        MSG.subAccountUpdated,
      ),
  );

  app.delete(
    routePath(ACCOUNT_API.user),
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '删除子账号',
        description: `删除后该子账号立即下线，不能再登录；用户名保留不可再注册。${SUB_ONLY_MAIN}；${NOT_YOURS}。`,
        params: idParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await team.remove(currentUser(request), request.params.id, clientOf(request));
      return ok(null, MSG.subAccountDeleted);
    },
  );

  app.post(
    routePath(ACCOUNT_API.resetPassword),
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '重置子账号密码',
        description: `生成符合规则的随机新密码，仅在本次应答中返回（data.password）；该子账号立即下线。${SUB_ONLY_MAIN}；${NOT_YOURS}。`,
        params: idParams,
        response: { 200: envelope(resetPasswordSchema) },
      },
    },
    async (request) =>
      ok(
        await team.resetPassword(currentUser(request), request.params.id, clientOf(request)),
        MSG.subAccountPasswordReset,
      ),
  );

  app.post(
    routePath(ACCOUNT_API.changePasswd),
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '设置子账号密码',
        description: `表单或 JSON：newpassword、surepassword（SHA-256 小写十六进制，须相同）。该子账号立即下线。${SUB_ONLY_MAIN}；${NOT_YOURS}。`,
        params: idParams,
        body: changeSubPasswordBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await team.changePassword(
        currentUser(request),
        request.params.id,
        request.body.newpassword,
        clientOf(request),
      );
      return ok(null, MSG.passwordChanged);
    },
  );

  app.post(
    routePath(ACCOUNT_API.resetCusPassword),
    {
      config: { auth: true },
      schema: {
        tags,
        summary: '重置客户密码',
        description: `客户企业在本系统中没有登录账号，总是应答 20208（客户企业没有登录账号，无需重置密码）。${SUB_ONLY_MAIN}。`,
        params: idParams,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => team.resetCustomerPassword(currentUser(request)),
  );

  // ---- public

  app.get(
    ACCOUNT_API.policyCount,
    {
      schema: {
        tags,
        summary: '政策数量统计（登录页）',
        description: '已发布的政策条目总数，按类型：sbtz 申报通知、gsgg 公示公告、zcdt 政策动态。',
        response: { 200: envelope(policyCountSchema) },
      },
    },
    async () => ok(await account.policyCounts()),
  );
};
