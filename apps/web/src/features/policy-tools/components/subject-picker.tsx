// Step one of every policy tool: pick one of the member's customers (searched by name) or type a company name.
import { Button, Input, Segmented, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import type { FirstQueries } from '../../../lib/routing/lazy-page';
import { useAuthStore } from '../../../lib/session/auth-store';
import type { Subject } from '../api/assess';
import { searchCustomersQueryOptions, useSearchCustomers } from '../api/search-customers';

interface SubjectPickerProps {
  /** The button's text, e.g. 开始评测. */
  action: string;
  onPick: (subject: Subject) => void;
  loading?: boolean;
  /** Whether a typed company is allowed. */
  allowTyped?: boolean;
  /** What happens with a typed company, under its field. */
  typedHint?: string;
}

/** The picker's first list, the member's customers with no search (answered inside the page). */
export const subjectPickerQueries: FirstQueries = (client, userId) => [
  client.prefetchQuery(searchCustomersQueryOptions(userId, '')),
];

export function SubjectPicker({
  action,
  onPick,
  loading,
  allowTyped = true,
  typedHint = '未在客户列表中的企业，按您填写的资料评测；资料按企业名称保存，下次输入同一名称时自动带出。',
}: SubjectPickerProps) {
  const userId = useAuthStore((s) => s.id);
  const [mode, setMode] = useState<'customer' | 'typed'>('customer');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ id: number; name: string } | null>(null);
  const [typed, setTyped] = useState('');
  const query = useSearchCustomers(userId, search);
  const typedName = typed.trim();
  const ready = mode === 'customer' ? picked !== null : typedName.length >= 2 && typedName.length <= 50;

  const submit = () => {
    if (mode === 'customer' && picked) onPick({ customer_id: picked.id, cus_name: picked.name });
    else if (mode === 'typed' && ready) onPick({ company_name: typedName });
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 560 }}>
      {allowTyped && (
        <Segmented
          value={mode}
          onChange={(v) => setMode(v as 'customer' | 'typed')}
          options={[
            { label: '选择我的客户', value: 'customer' },
            { label: '输入企业名称', value: 'typed' },
          ]}
        />
      )}
      {mode === 'customer' ? (
        <Select
          showSearch
          aria-label="选择客户"
          placeholder="输入客户名称搜索"
          style={{ width: '100%' }}
          filterOption={false}
          onSearch={setSearch}
          loading={query.isFetching}
          notFoundContent={query.isFetching ? '加载中…' : '暂无数据'}
          value={picked?.id}
          onChange={(id: number) => {
            const found = query.data?.find((c) => c.id === id);
            setPicked(found ? { id, name: found.cus_name } : null);
          }}
          options={(query.data ?? []).map((c) => ({
            value: c.id,
            label: `${c.cus_name}（${c.area_name}·${c.industry_name}）`,
          }))}
        />
      ) : (
        <Input
          aria-label="企业名称"
          placeholder="请输入企业全称"
          maxLength={50}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      )}
      {mode === 'typed' && <Typography.Text type="secondary">{typedHint}</Typography.Text>}
      <Button type="primary" disabled={!ready} loading={loading} onClick={submit}>
        {action}
      </Button>
    </Space>
  );
}
