// 会员 in the operator console: the staff routes under /api/admin/ (config.staff names the permission), each change
// audited by the members console inside its own transaction. Mobile numbers, emails and contact names are masked for
// a role without members.pii; the export needs members.export and is audited.
import {
  idField,
  MSG,
  maskEmail,
  maskMobile,
  maskName,
  memberLogoutSchema,
  memberPasswordSchema,
  STAFF_MEMBERS_API,
  type StaffMemberDetail,
  type StaffMemberItem,
  setMemberPlanBody,
  staffMemberDetailSchema,
  staffMemberItemSchema,
  staffMemberQuery,
  staffPlanOptionSchema,
  staffReasonBody,
} from '@uc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataAt, routePath } from '../../lib/routes.js';
import type { XlsxColumn } from '../../lib/xlsx.js';
import { auditActor, seesPii } from '../../plugins/staff-auth.js';
import { staffListAt } from '../../plugins/staff-routes.js';
import type { MembersConsole } from './console.js';

const tags = ['staff-members'];
const read = { staff: 'members.read' } as const;
const write = { staff: 'members.write' } as const;
const idParams = z.object({ id: idField(MSG.memberNotFound) });

/** A member as a role without members.pii sees it. */
const maskedItem = <T extends StaffMemberItem>(item: T): T => ({ ...item, mobile: maskMobile(item.mobile) });

function maskedDetail(detail: StaffMemberDetail): StaffMemberDetail {
  const { member } = detail;
  return {
    ...detail,
    member: {
      ...maskedItem(member),
      email: maskEmail(member.email),
      contact_name: maskName(member.contact_name),
    },
    sub_accounts: detail.sub_accounts.map((sub) => ({
      ...sub,
      mobile: maskMobile(sub.mobile),
      contact_name: maskName(sub.contact_name),
    })),
  };
}

const MEMBER_COLUMNS: readonly XlsxColumn<StaffMemberItem>[] = [
  { header: '编号', width: 10, value: (r) => r.id },
  { header: '用户名', value: (r) => r.username },
  { header: '公司名称', width: 30, value: (r) => r.company_name },
  { header: '手机号', value: (r) => r.mobile },
  { header: '等级', value: (r) => r.level_name },
  { header: '套餐', value: (r) => r.plan_name },
  { header: '到期时间', width: 26, value: (r) => r.expired_at },
  { header: '账号类型', value: (r) => (r.is_sub ? `子账号（${r.parent_username ?? ''}）` : '主账号') },
  { header: '状态', value: (r) => (r.status === 'disabled' ? '停用' : '正常') },
  { header: '注册时间', width: 26, value: (r) => r.created_at },
];

export const membersConsoleRoutes: FastifyPluginAsyncZod<{ members: MembersConsole }> = async (
  app,
  { members },
) => {
  staffListAt(app, {
    tags,
    filter: staffMemberQuery,
    item: staffMemberItemSchema,
    list: { url: STAFF_MEMBERS_API.list, staff: 'members.read', summary: '会员列表（筛选，最新注册在前）' },
    export: {
      url: STAFF_MEMBERS_API.export,
      staff: 'members.export',
      summary: '导出会员（.xlsx，筛选同会员列表）',
      audit: 'members.export',
      name: '会员列表',
      sheet: '会员',
      columns: MEMBER_COLUMNS,
    },
    page: members.list,
    rows: members.export,
    masked: { row: maskedItem, hides: '手机号' },
  });

  dataAt(
    app,
    'GET',
    [STAFF_MEMBERS_API.plans],
    { config: read, tags, summary: '可设置的套餐', data: z.array(staffPlanOptionSchema) },
    async () => members.plans(),
  );

  dataAt(
    app,
    'GET',
    [routePath(STAFF_MEMBERS_API.detail)],
    {
      config: read,
      tags,
      summary: '会员详情（账号、套餐、订单、子账号、登录记录、消息）',
      params: idParams,
      data: staffMemberDetailSchema,
    },
    async (request) => {
      const detail = await members.detail(request.params.id);
      return seesPii(request) ? detail : maskedDetail(detail);
    },
  );

  dataAt(
    app,
    'POST',
    [routePath(STAFF_MEMBERS_API.plan)],
    {
      config: write,
      tags,
      summary: '修改套餐、等级与到期日期',
      description: '子账号的套餐跟随主账号；套餐须与等级一致；付费等级须有不早于今天的到期日期。',
      params: idParams,
      body: setMemberPlanBody,
      data: staffMemberItemSchema,
    },
    async (request) => members.setPlan(auditActor(request), request.params.id, request.body),
  );

  // 停用 and 启用: the member's account with its status changed.
  const statusChanges = [
    [STAFF_MEMBERS_API.disable, '停用会员（拒绝登录并结束其全部会话）', members.disable],
    [STAFF_MEMBERS_API.enable, '启用会员', members.enable],
  ] as const;
  for (const [url, summary, change] of statusChanges)
    dataAt(
      app,
      'POST',
      [routePath(url)],
      { config: write, tags, summary, params: idParams, body: staffReasonBody, data: staffMemberItemSchema },
      async (request) => change(auditActor(request), request.params.id, request.body.reason),
    );

  dataAt(
    app,
    'POST',
    [routePath(STAFF_MEMBERS_API.logout)],
    {
      config: write,
      tags,
      summary: '强制下线（结束会员的全部会话）',
      params: idParams,
      body: staffReasonBody,
      data: memberLogoutSchema,
      message: MSG.memberLoggedOut,
    },
    async (request) => members.logout(auditActor(request), request.params.id, request.body.reason),
  );

  dataAt(
    app,
    'POST',
    [routePath(STAFF_MEMBERS_API.password)],
    {
      config: write,
      tags,
      summary: '重置密码（生成临时密码，仅显示一次；结束会员的全部会话）',
      params: idParams,
      body: staffReasonBody,
      data: memberPasswordSchema,
    },
    async (request) => members.resetPassword(auditActor(request), request.params.id, request.body.reason),
  );
};
