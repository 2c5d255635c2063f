// 操作日志: every changing staff action, newest first, filtered by who, what and when; each row's change in a drawer.
import {
  type AuditEntry,
  STAFF_ACTIONS,
  STAFF_API,
  STAFF_AUDIT_EXPORT,
  shanghaiSecond,
  staffActionName,
} from '@uc/shared';
import { Button, Descriptions, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { JsonDiffDrawer } from '../../components/json-diff-drawer';
import { ListPage } from '../../components/list-page';
import { type ListSpec, useListQuery } from '../../components/use-list-query';

const LIST: ListSpec = {
  fields: [
    { kind: 'id', name: 'staff_id', label: '操作人ID' },
    {
      kind: 'select',
      name: 'action',
      label: '动作',
      options: Object.entries(STAFF_ACTIONS).map(([value, label]) => ({ value, label })),
    },
    { kind: 'text', name: 'target_type', label: '对象类型', placeholder: '如 order', maxLength: 32 },
    { kind: 'text', name: 'target_id', label: '对象ID', maxLength: 64 },
    { kind: 'dateRange', from: 'from', to: 'to', label: '日期范围' },
  ],
  title: '操作日志',
  key: 'audit',
  path: STAFF_API.audit,
  exportTo: { path: STAFF_AUDIT_EXPORT, fileName: '操作日志.xlsx', permission: 'audit.export' },
};

export default function AuditPage() {
  const list = useListQuery<AuditEntry>(LIST);
  const [open, setOpen] = useState<AuditEntry | null>(null);

  const columns: TableColumnsType<AuditEntry> = [
    { title: '时间', dataIndex: 'at', width: 170, render: (at: string) => shanghaiSecond(at) },
    {
      title: '操作人',
      dataIndex: 'staff_username',
      width: 140,
      render: (name: string, row) => (
        <>
          {name} <Typography.Text type="secondary">#{row.staff_id}</Typography.Text>
        </>
      ),
    },
    { title: 'IP', dataIndex: 'ip', width: 130 },
    {
      title: '动作',
      dataIndex: 'action',
      width: 170,
      render: (action: string) => <Tag title={action}>{staffActionName(action)}</Tag>,
    },
    {
      title: '对象',
      key: 'target',
      width: 180,
      render: (_, row) => (row.target_id ? `${row.target_type} #${row.target_id}` : row.target_type),
    },
    { title: '原因', dataIndex: 'reason', ellipsis: true, render: (reason: string) => reason || '—' },
    {
      title: '详情',
      key: 'detail',
      width: 80,
      fixed: 'right',
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => setOpen(row)}>
          详情
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListPage<AuditEntry> list={list} columns={columns} rowKey="id" scrollX={1100} />
      <JsonDiffDrawer
        open={open !== null}
        title="操作详情"
        before={open?.before ?? null}
        after={open?.after ?? null}
        onClose={() => setOpen(null)}
      >
        {open && (
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="时间">{shanghaiSecond(open.at)}</Descriptions.Item>
            <Descriptions.Item label="操作人">
              {open.staff_username} #{open.staff_id}
            </Descriptions.Item>
            <Descriptions.Item label="IP">{open.ip}</Descriptions.Item>
            <Descriptions.Item label="动作">
              {staffActionName(open.action)}（{open.action}）
            </Descriptions.Item>
            <Descriptions.Item label="对象">
              {open.target_type} {open.target_id && `#${open.target_id}`}
            </Descriptions.Item>
            <Descriptions.Item label="原因">{open.reason || '—'}</Descriptions.Item>
          </Descriptions>
        )}
      </JsonDiffDrawer>
    </>
  );
}
