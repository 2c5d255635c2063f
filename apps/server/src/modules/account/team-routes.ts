// HTTP for sub-account management (子账号管理), main accounts only: list, count, tree, add, edit, delete, passwords.
import {
  ACCOUNT_API,
  addSubAccountBody,
  architectureSchema,
  changeSubPasswordBody,
  editSubAccountBody,
  idField,
  MSG,
  resetPasswordDataSchema,
  subAccountCountSchema,
  subAccountSchema,
  userListQuery,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, pagingQuery } from '../../lib/paging.js';
import { dataAt, routePath } from '../../lib/routes.js';
import { currentUser } from '../../plugins/auth.js';
import { clientOf } from '../auth/client.js';
import { type AccountRoutesOptions, tags } from './route-common.js';

const idParams = z.object({ id: idField(MSG.subAccountNotFound) });

const SUB_ONLY_MAIN = '仅主账号可调用：子账号调用时 HTTP 403（子账号无权管理子账号，请联系主账号）';
const NOT_YOURS =
  '不是本主账号的子账号时 HTTP 403（您无权操作其他主账号的子账号），不存在或已删除时 HTTP 404（子账号不存在）';

export const teamRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { team }) => {
  dataAt(
    app,
    'GET',
    [ACCOUNT_API.userList],
    {
      config: { access: 'main' },
      tags,
      summary: '子账号列表',
      description: `可选 name（按用户名或联系人姓名模糊搜索），page、size 分页。${SUB_ONLY_MAIN}。`,
      querystring: pagingQuery.extend(userListQuery.shape),
      data: pageSchema(subAccountSchema),
    },
    (request) => {
      const { name, page, size } = request.query;
      return team.list(currentUser(request).account, name, { page, size });
    },
  );

  dataAt(
    app,
    'GET',
    [ACCOUNT_API.userCount],
    {
      config: { access: 'main' },
      tags,
      summary: '子账号数量与上限',
      description: `count 为已有子账号数，limit 为当前套餐允许的上限。${SUB_ONLY_MAIN}。`,
      data: subAccountCountSchema,
    },
    (request) => team.count(currentUser(request).account),
  );

  dataAt(
    app,
    'GET',
    [ACCOUNT_API.architecture],
    {
      config: { access: 'main' },
      tags,
      summary: '账号架构',
      description: `主账号及其子账号组成的树。${SUB_ONLY_MAIN}。`,
      data: architectureSchema,
    },
    (request) => team.architecture(currentUser(request).account),
  );

  dataAt(
    app,
    'POST',
    [ACCOUNT_API.users],
    {
      config: { access: 'main' },
      tags,
      summary: '添加子账号',
      description: `表单或 JSON：username、password（SHA-256 小写十六进制）、可选 surepassword（须与 password 相同）、name（联系人姓名）、可选 mobile。用户名已存在 20006；手机号已绑定其他主账号 20204；超过套餐上限 20206。${SUB_ONLY_MAIN}。`,
      body: addSubAccountBody,
      data: subAccountSchema,
      message: MSG.subAccountAdded,
    },
    (request) => team.add(currentUser(request).account, request.body, clientOf(request)),
  );

  dataAt(
    app,
    'PUT',
    [routePath(ACCOUNT_API.user)],
    {
      config: { access: 'main' },
      tags,
      summary: '修改子账号',
      description: `JSON 或表单：可选 name、mobile（'' 或 null 表示解绑）、enabled（true/false；停用后该子账号立即下线且不能登录）。${SUB_ONLY_MAIN}；${NOT_YOURS}。`,
      params: idParams,
      body: editSubAccountBody,
      data: subAccountSchema,
      message: MSG.subAccountUpdated,
    },
    (request) => team.edit(currentUser(request).account, request.params.id, request.body, clientOf(request)),
  );

  dataAt(
    app,
    'DELETE',
    [routePath(ACCOUNT_API.user)],
    {
      config: { access: 'main' },
      tags,
      summary: '删除子账号',
      description: `删除后该子账号立即下线，不能再登录；用户名保留不可再注册。${SUB_ONLY_MAIN}；${NOT_YOURS}。`,
      params: idParams,
      data: z.null(),
      message: MSG.subAccountDeleted,
    },
    async (request) => {
      await team.remove(currentUser(request).account, request.params.id, clientOf(request));
      return null;
    },
  );

  dataAt(
    app,
    'POST',
    [routePath(ACCOUNT_API.resetPassword)],
    {
      config: { access: 'main' },
      tags,
      summary: '重置子账号密码',
      description: `生成符合规则的随机新密码，仅在本次应答中返回（data.password）；该子账号立即下线。${SUB_ONLY_MAIN}；${NOT_YOURS}。`,
      params: idParams,
      data: resetPasswordDataSchema,
      message: MSG.subAccountPasswordReset,
    },
    (request) => team.resetPassword(currentUser(request).account, request.params.id, clientOf(request)),
  );

  dataAt(
    app,
    'POST',
    [routePath(ACCOUNT_API.changePasswd)],
    {
      config: { access: 'main' },
      tags,
      summary: '设置子账号密码',
      description: `表单或 JSON：newpassword、surepassword（SHA-256 小写十六进制，须相同）。该子账号立即下线。${SUB_ONLY_MAIN}；${NOT_YOURS}。`,
      params: idParams,
      body: changeSubPasswordBody,
      data: z.null(),
      message: MSG.passwordChanged,
    },
    async (request) => {
      await team.changePassword(
        currentUser(request).account,
        request.params.id,
        request.body.newpassword,
        clientOf(request),
      );
      return null;
    },
  );

  dataAt(
    app,
    'POST',
    [routePath(ACCOUNT_API.resetCusPassword)],
    {
      config: { access: 'main' },
      tags,
      summary: '重置客户密码',
      description: `客户企业在本系统中没有登录账号，总是应答 20208（客户企业没有登录账号，无需重置密码）。${SUB_ONLY_MAIN}。`,
      params: idParams,
      data: z.null(),
    },
    async () => team.resetCustomerPassword(),
  );
};
