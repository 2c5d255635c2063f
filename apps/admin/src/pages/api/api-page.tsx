// API: members' keys with this month's calls against their package, filtered by member and state, with 导出; a
// key's calls per day in a drawer; 停用/恢复 (through ActionModal with a reason) for roles holding api.write.
import {
  STAFF_API_KEY_STATUSES,
  STAFF_API_KEYS_API,
  STAFF_CALLS,
  type StaffApiKeyItem,
  shanghaiSecond,
} from '@uc/shared';
import { Button, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ActionModal } from '../../components/action-modal';
import { ListPage, operationsColumn } from '../../components/list-page';
import { type ListSpec, useListQuery } from '../../components/use-list-query';
import { call } from '../../lib/http';
import { can, useSession } from '../../lib/session';
import { ApiKeyUsageDrawer } from './api-key-usage-drawer';

const LIST: ListSpec = {
  fields: [
    { kind: 'text', name: 'member', label: '会员', placeholder: '会员ID或用户名', maxLength: 32 },
    {
      kind: 'select',
      name: 'status',
      label: '状态',
      options: STAFF_API_KEY_STATUSES.map((s) => ({ value: s.key, label: s.name })),
    },
  ],
  title: 'API密钥',
  key: 'api-keys',
  path: STAFF_API_KEYS_API.list,
  exportTo: { path: STAFF_API_KEYS_API.export, fileName: 'API密钥.xlsx', permission: 'api.export' },
};
const STATUS_TAG = {
  active: <Tag color="green">正常</Tag>,
  suspended: <Tag color="red">已停用</Tag>,
  revoked: <Tag>已撤销</Tag>,
} as const;

const time = (at: string | null) => (at ? shanghaiSecond(at) : '—');

export default function ApiPage() {
  const list = useListQuery<StaffApiKeyItem>(LIST);
  const { data: session } = useSession();
  const mayWrite = can(session, 'api.write');
  const [usageOf, setUsageOf] = useState<StaffApiKeyItem | null>(null);
  const [acting, setActing] = useState<{ key: StaffApiKeyItem; action: 'suspend' | 'resume' } | null>(null);

  const columns: TableColumnsType<StaffApiKeyItem> = [
    {
      title: '会员',
      key: 'member',
      width: 200,
      render: (_, row) => (
        <>
          {row.username} <Typography.Text type="secondary">#{row.user_id}</Typography.Text>
          <br />
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 180 }}>
            {row.company_name}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '密钥',
      key: 'key',
      width: 200,
      render: (_, row) => (
        <>
          {row.name}
          <br />
          <Typography.Text code>{row.prefix}…</Typography.Text>
        </>
      ),
    },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: time },
    { title: '最近使用', dataIndex: 'last_used_at', width: 170, render: time },
    {
      title: '本月调用 / 套餐',
      key: 'calls',
      width: 170,
      render: (_, row) => (
        <>
          {row.calls_month}
          <Typography.Text type="secondary">
            {' '}
            / 已用 {row.quota_used} / 共 {row.quota_total}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: StaffApiKeyItem['status']) => STATUS_TAG[s],
    },
    operationsColumn<StaffApiKeyItem>(mayWrite ? 150 : 90, (row) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => setUsageOf(row)}>
          调用统计
        </Button>
        {mayWrite && row.status === 'active' && (
          <Button type="link" size="small" danger onClick={() => setActing({ key: row, action: 'suspend' })}>
            停用
          </Button>
        )}
        {mayWrite && row.status === 'suspended' && (
          <Button type="link" size="small" onClick={() => setActing({ key: row, action: 'resume' })}>
            恢复
          </Button>
        )}
      </Space>
    )),
  ];

  const suspend = acting?.action === 'suspend';
  return (
    <>
      <ListPage<StaffApiKeyItem> list={list} columns={columns} rowKey="id" scrollX={1200} />
      <ApiKeyUsageDrawer apiKey={usageOf} onClose={() => setUsageOf(null)} />
      {acting && (
        <ActionModal<object>
          title={`${suspend ? '停用' : '恢复'}密钥 ${acting.key.name}（${acting.key.username}）`}
          open
          danger={suspend}
          onClose={() => setActing(null)}
          successText={suspend ? '密钥已停用' : '密钥已恢复'}
          invalidate={['api-keys']}
          submit={({ reason }) =>
            call(STAFF_CALLS.apiKeys[acting.action], { id: acting.key.id, input: { reason } })
          }
        >
          <Typography.Paragraph type="secondary">
            {suspend
              ? '停用后开放接口将拒绝该密钥的调用，会员无法自行恢复。'
              : '恢复后该密钥可以重新调用开放接口。'}
          </Typography.Paragraph>
        </ActionModal>
      )}
    </>
  );
}
