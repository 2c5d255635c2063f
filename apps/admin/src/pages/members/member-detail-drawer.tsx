// A member's detail in a drawer: 基本信息 (account, plan, level, expiry), then 订单, 子账号, 登录记录 and 消息 as tabs;
// the actions the role may take sit in the drawer's header. A role without members.pii gets mobile numbers, emails and
// contact names masked by the server, and is told so.
import { useQuery } from '@tanstack/react-query';
import { STAFF_CALLS, type StaffMemberDetail, shanghaiSecond } from '@uc/shared';
import { Alert, Descriptions, Drawer, Space, Spin, Table, Tabs, Tag } from 'antd';
import type { ReactNode } from 'react';
import { call } from '../../lib/http';
import { can, useSession } from '../../lib/session';
import { MemberStatus } from './member-status';

const time = (at: string | null) => (at ? shanghaiSecond(at) : '—');
/** What a role without members.pii is told about the masked values. */
export const PII_MASKED = '手机号、邮箱与联系人已部分隐藏：查看完整信息需要管理员权限';
const LOGIN_METHOD: Record<string, string> = { password: '密码', sms: '短信', bind: '绑定手机' };

function Basic({ member }: { member: StaffMemberDetail['member'] }) {
  return (
    <Descriptions column={2} size="small" bordered>
      <Descriptions.Item label="会员ID">{member.id}</Descriptions.Item>
      <Descriptions.Item label="用户名">{member.username}</Descriptions.Item>
      <Descriptions.Item label="公司名称" span={2}>
        {member.company_name || '—'}
      </Descriptions.Item>
      <Descriptions.Item label="手机号">{member.mobile ?? '未绑定'}</Descriptions.Item>
      <Descriptions.Item label="邮箱">{member.email || '—'}</Descriptions.Item>
      <Descriptions.Item label="联系人">{member.contact_name || '—'}</Descriptions.Item>
      <Descriptions.Item label="账号类型">
        {member.is_sub ? `子账号（主账号 ${member.parent_username ?? ''}）` : '主账号'}
      </Descriptions.Item>
      <Descriptions.Item label="会员等级">
        {member.level_name}（{member.level}）
      </Descriptions.Item>
      <Descriptions.Item label="套餐">{member.plan_name || '无'}</Descriptions.Item>
      <Descriptions.Item label="到期时间">{time(member.expired_at)}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <MemberStatus member={member} />
      </Descriptions.Item>
      <Descriptions.Item label="注册时间">{time(member.created_at)}</Descriptions.Item>
      <Descriptions.Item label="密码修改">{time(member.password_changed_at)}</Descriptions.Item>
    </Descriptions>
  );
}

function Tables({ detail }: { detail: StaffMemberDetail }) {
  const small = { size: 'small', pagination: false, scroll: { x: 'max-content' } } as const;
  return (
    <Tabs
      items={[
        {
          key: 'orders',
          label: `订单 (${detail.orders.length})`,
          children: (
            <Table
              {...small}
              rowKey="out_trade_no"
              dataSource={detail.orders}
              columns={[
                { title: '订单号', dataIndex: 'out_trade_no' },
                { title: '商品', dataIndex: 'name' },
                { title: '金额（元）', dataIndex: 'price', render: (v: number) => v.toFixed(2) },
                { title: '状态', dataIndex: 'status' },
                { title: '下单时间', dataIndex: 'created_at', render: time },
                { title: '支付时间', dataIndex: 'paid_at', render: time },
              ]}
            />
          ),
        },
        {
          key: 'subs',
          label: `子账号 (${detail.sub_accounts.length})`,
          children: (
            <Table
              {...small}
              rowKey="id"
              dataSource={detail.sub_accounts}
              columns={[
                { title: 'ID', dataIndex: 'id' },
                { title: '用户名', dataIndex: 'username' },
                { title: '联系人', dataIndex: 'contact_name', render: (v: string) => v || '—' },
                { title: '手机号', dataIndex: 'mobile', render: (v: string | null) => v ?? '—' },
                {
                  title: '状态',
                  dataIndex: 'enabled',
                  render: (on: boolean) => (on ? <Tag color="green">启用</Tag> : <Tag>被主账号停用</Tag>),
                },
                { title: '创建时间', dataIndex: 'created_at', render: time },
              ]}
            />
          ),
        },
        {
          key: 'logins',
          label: `登录记录 (${detail.logins.length})`,
          children: (
            <Table
              {...small}
              rowKey={(r) => `${r.at}-${r.ip}-${r.method}`}
              dataSource={detail.logins}
              columns={[
                { title: '时间', dataIndex: 'at', render: time },
                { title: '方式', dataIndex: 'method', render: (m: string) => LOGIN_METHOD[m] ?? m },
                {
                  title: '结果',
                  dataIndex: 'success',
                  render: (ok: boolean) => (ok ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>),
                },
                { title: 'IP', dataIndex: 'ip' },
                { title: '设备', dataIndex: 'user_agent', ellipsis: true, width: 260 },
              ]}
            />
          ),
        },
        {
          key: 'messages',
          label: `消息 (${detail.messages.length})`,
          children: (
            <Table
              {...small}
              rowKey="id"
              dataSource={detail.messages}
              columns={[
                { title: '时间', dataIndex: 'created_at', render: time },
                { title: '标题', dataIndex: 'title' },
                { title: '已读', dataIndex: 'read', render: (read: boolean) => (read ? '已读' : '未读') },
              ]}
            />
          ),
        },
      ]}
    />
  );
}

export function MemberDetailDrawer({
  id,
  onClose,
  actions,
}: {
  id: number | null;
  onClose: () => void;
  /** The actions the role may take on the member shown. */
  actions: (member: StaffMemberDetail['member']) => ReactNode;
}) {
  const query = useQuery({
    queryKey: ['member', id],
    queryFn: () => call(STAFF_CALLS.members.detail, { id: id ?? 0 }),
    enabled: id !== null,
  });
  const detail = query.data;
  const masked = !can(useSession().data, 'members.pii');
  return (
    <Drawer
      open={id !== null}
      title={`会员详情 ${detail?.member.username ?? ''}`}
      size={960}
      onClose={onClose}
      destroyOnHidden
      extra={detail ? <Space wrap>{actions(detail.member)}</Space> : null}
    >
      {query.isLoading && <Spin />}
      {query.error && <Alert type="error" title={query.error.message} />}
      {detail && (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          {masked && <Alert type="info" showIcon title={PII_MASKED} />}
          <Basic member={detail.member} />
          <Tables detail={detail} />
        </Space>
      )}
    </Drawer>
  );
}
