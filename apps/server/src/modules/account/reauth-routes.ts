// HTTP for proving who one is again: the password change (old password first) and the identity checks, by password
// or by a code sent to the current mobile, that issue the one-time ticket the mobile and email changes need.

import {
  ACCOUNT_API,
  checkPasswordBody,
  checkVerifyCodeBody,
  MSG,
  passwordChangedSchema,
  reauthTicketSchema,
  rechangePasswdBody,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataAt } from '../../lib/routes.js';
import { currentUser } from '../../plugins/auth.js';
import { clientOf } from '../auth/client.js';
import { type AccountRoutesOptions, perMinute, tags } from './route-common.js';

export const reauthRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { account, config }) => {
  const guarded = perMinute(config.login.maxPerIpPerMinute);
  const smsLimited = perMinute(config.sms.perIpPerMinute);

  dataAt(
    app,
    'POST',
    [ACCOUNT_API.rechangePasswd],
    {
      config: { auth: true, rateLimit: guarded },
      tags,
      summary: '修改密码',
      description:
        '表单或 JSON：oldpassword、newpassword、surepassword 均为 SHA-256 小写十六进制（encoded 可为 1/true，表示已哈希；总是如此）。newpassword 与 surepassword 必须相同（两次输入的密码不一致），且不能等于 oldpassword（20203）。原密码错误 20202，计入登录失败次数（锁定时 20002）。成功后该账号的其他会话全部失效（旧令牌 30001，推送 code 1），data.token 为当前会话的新令牌。',
      body: rechangePasswdBody,
      data: passwordChangedSchema,
      message: MSG.passwordChanged,
    },
    (request) => account.changePassword(currentUser(request), request.body, clientOf(request)),
  );

  dataAt(
    app,
    'POST',
    [ACCOUNT_API.checkPassword],
    {
      config: { auth: true, rateLimit: guarded },
      tags,
      summary: '身份验证（密码）',
      description:
        'password 为 SHA-256 小写十六进制。成功时 data 为一次性身份验证票据（10分钟），供 updateTelphone/updateEmail 使用。密码错误 20001，计入登录失败次数（锁定时 20002）。',
      body: checkPasswordBody,
      data: reauthTicketSchema,
      message: MSG.reauthOk,
    },
    (request) => account.checkPassword(currentUser(request), request.body.password, clientOf(request)),
  );

  dataAt(
    app,
    'GET',
    [ACCOUNT_API.verifyMessage],
    {
      config: { auth: true, rateLimit: smsLimited },
      tags,
      summary: '发送身份验证验证码（当前手机号）',
      description:
        '需先通过拼图验证（同一 uc_sid 会话的一次性票据）。验证码发送到账号当前绑定的手机号（purpose verify）。未绑定手机号 20012（请使用密码验证身份）；未完成拼图、发送过于频繁或超过每日上限 20012。',
      data: z.null(),
      message: MSG.smsSent,
    },
    async (request) => {
      await account.sendVerifyCode(currentUser(request), clientOf(request));
      return null;
    },
  );

  dataAt(
    app,
    'POST',
    [ACCOUNT_API.checkVerifyCode],
    {
      config: { auth: true, rateLimit: guarded },
      tags,
      summary: '身份验证（短信验证码）',
      description:
        'verifycode：发送到当前手机号的验证码。成功时 data 为一次性身份验证票据（10分钟）。20008 验证码错误（仍可重试），20012 验证码已失效。',
      body: checkVerifyCodeBody,
      data: reauthTicketSchema,
      message: MSG.reauthOk,
    },
    (request) => account.checkVerifyCode(currentUser(request), request.body.verifycode),
  );
};
