// 会员: every account, filtered by username, mobile, company, level, state and registration date, with 导出; a
// member's detail in a drawer; 修改套餐, 停用/启用, 强制下线 and 重置密码 for roles holding members.write.
import {
  levelName,
  STAFF_MEMBER_LEVELS,
  STAFF_MEMBER_STATUSES,
  STAFF_MEMBERS_API,
  type StaffMemberItem,
  shanghaiSecond,
} from '@uc/shared';
import { Button, Dropdown, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { ListPage, operationsColumn } from '../../components/list-page';
import { type ListSpec, useListQuery } from '../../components/use-list-query';
import { can, useSession } from '../../lib/session';
import { type MemberAction, MemberActionModal } from './member-actions';
import { MemberDetailDrawer } from './member-detail-drawer';
import { MemberStatus } from './member-status';

const LIST: ListSpec = {
  fields: [
    { kind: 'text', name: 'username', label: '用户名', maxLength: 32 },
    { kind: 'text', name: 'mobile', label: '手机号', maxLength: 20 },
    { kind: 'text', name: 'company', label: '公司名称', maxLength: 60 },
    {
      kind: 'select',
      name: 'level',
      label: '会员等级',
      options: STAFF_MEMBER_LEVELS.map((level) => ({
        value: String(level),
        label: `${levelName(level)}（${level}）`,
      })),
    },
    {
      kind: 'select',
      name: 'status',
      label: '状态',
      options: STAFF_MEMBER_STATUSES.map((s) => ({ value: s.key, label: s.name })),
    },
    { kind: 'dateRange', from: 'from', to: 'to', label: '注册日期' },
  ],
  title: '会员',
  key: 'members',
  path: STAFF_MEMBERS_API.list,
  exportTo: { path: STAFF_MEMBERS_API.export, fileName: '会员列表.xlsx', permission: 'members.export' },
};

const time = (at: string | null) => (at ? shanghaiSecond(at) : '—');

/** The actions of one member a role holding members.write may take. */
function actionItems(member: Pick<StaffMemberItem, 'status' | 'is_sub'>) {
  return [
    ...(member.is_sub ? [] : [{ key: 'plan', label: '修改套餐' }]),
    member.status === 'disabled'
      ? { key: 'enable', label: '启用' }
      : { key: 'disable', label: '停用', danger: true },
    { key: 'logout', label: '强制下线', danger: true },
    { key: 'password', label: '重置密码', danger: true },
  ] as { key: MemberAction; label: string; danger?: boolean }[];
}

export default function MembersPage() {
  const list = useListQuery<StaffMemberItem>(LIST);
  const { data: session } = useSession();
  const mayWrite = can(session, 'members.write');
  const [open, setOpen] = useState<number | null>(null);
  const [acting, setActing] = useState<{ member: StaffMemberItem; action: MemberAction } | null>(null);

  const act = (member: StaffMemberItem, action: MemberAction) => setActing({ member, action });

  const columns: TableColumnsType<StaffMemberItem> = [
    { title: 'ID', dataIndex: 'id', width: 80 },
    {
      title: '用户名',
      dataIndex: 'username',
      width: 160,
      render: (name: string, row) => (
        <>
          {name}
          {row.is_sub && <Typography.Text type="secondary"> 子账号</Typography.Text>}
        </>
      ),
    },
    { title: '公司名称', dataIndex: 'company_name', ellipsis: true },
    { title: '手机号', dataIndex: 'mobile', width: 130, render: (m: string | null) => m ?? '—' },
    { title: '等级', dataIndex: 'level_name', width: 110 },
    { title: '套餐', dataIndex: 'plan_name', width: 130, render: (name: string) => name || '—' },
    { title: '到期时间', dataIndex: 'expired_at', width: 170, render: time },
    { title: '状态', key: 'status', width: 110, render: (_, row) => <MemberStatus member={row} /> },
    { title: '注册时间', dataIndex: 'created_at', width: 170, render: time },
    operationsColumn<StaffMemberItem>(mayWrite ? 150 : 80, (row) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => setOpen(row.id)}>
          详情
        </Button>
        {mayWrite && (
          <Dropdown
            menu={{ items: actionItems(row), onClick: ({ key }) => act(row, key as MemberAction) }}
            trigger={['click']}
          >
            <Button type="link" size="small">
              操作
            </Button>
          </Dropdown>
        )}
      </Space>
    )),
  ];

  return (
    <>
      <ListPage<StaffMemberItem> list={list} columns={columns} rowKey="id" scrollX={1400} />
      <MemberDetailDrawer
        id={open}
        onClose={() => setOpen(null)}
        actions={(member) =>
          mayWrite
            ? actionItems(member).map((item) => (
                <Button
                  key={item.key}
                  size="small"
                  danger={item.danger}
                  onClick={() => act(member, item.key)}
                >
                  {item.label}
                </Button>
              ))
            : null
        }
      />
      <MemberActionModal
        member={acting?.member ?? null}
        action={acting?.action ?? null}
        onClose={() => setActing(null)}
      />
    </>
  );
}
