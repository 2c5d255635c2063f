// 按政策找客户: pick one open policy item, see which of the member's customers match it (完全匹配 first), with the
// conditions each meets, misses or leaves undecided; filter by level, page, export as .xlsx.
import { type PolicyCustomerMatch, shanghaiDate } from '@uc/shared';
import { Alert, App, Button, Empty, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { LoadErrorResult } from '../../../components/load-error-result';
import { PolicyItemLink } from '../../../components/policy-item-link';
import { useAuthStore } from '../../../lib/session/auth-store';
import { exportMatchCustomers } from '../api/export-match-customers';
import { type MatchCustomersRequest, useMatchCustomers } from '../api/get-match-customers';
import { useOpenItems } from '../api/get-open-items';
import { Conditions, LEVEL_COLOR } from './match-list';

type Level = NonNullable<MatchCustomersRequest['status']>;

const COLUMNS: ColumnsType<PolicyCustomerMatch> = [
  {
    title: '匹配结果',
    dataIndex: 'level',
    width: 100,
    render: (level: PolicyCustomerMatch['level']) => <Tag color={LEVEL_COLOR[level]}>{level}</Tag>,
  },
  {
    title: '客户名称',
    key: 'customer',
    width: 260,
    render: (_, row) => (
      <Space direction="vertical" size={0}>
        <span>{row.customer.cus_name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.customer.area_name}·{row.customer.industry_name}
          {row.answered ? '｜已保存答案' : ''}
        </Typography.Text>
      </Space>
    ),
  },
  {
    title: '条件（已满足 / 未满足 / 待确认）',
    key: 'conditions',
    render: (_, row) => <Conditions item={row} />,
  },
];

export function CustomersByPolicy() {
  const userId = useAuthStore((s) => s.id);
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [itemId, setItemId] = useState<number | null>(null);
  const [status, setStatus] = useState<Level | undefined>(undefined);
  const [paging, setPaging] = useState({ page: 1, size: 10 });
  const [exporting, setExporting] = useState(false);
  const items = useOpenItems(userId, search, true);
  const request = itemId === null ? null : { id: itemId, ...(status ? { status } : {}), ...paging };
  const result = useMatchCustomers(userId, request);

  const pick = (id: number) => {
    setItemId(id);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const filter = (level: Level | undefined) => {
    setStatus(level);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const download = () => {
    if (itemId === null) return;
    setExporting(true);
    exportMatchCustomers({ id: itemId, ...(status ? { status } : {}) })
      .then(() => message.success('导出成功'))
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const data = result.data;
  return (
    <div data-testid="customers-by-policy">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="选择一个申报中的政策项目，按平台已掌握的企业信息（已保存答案的客户按答案）找出符合条件的客户。"
      />
      <Select
        showSearch
        aria-label="选择政策项目"
        placeholder="输入政策标题搜索"
        style={{ width: '100%', maxWidth: 720 }}
        filterOption={false}
        onSearch={setSearch}
        loading={items.isFetching}
        notFoundContent={items.isFetching ? '加载中…' : '暂无数据'}
        value={itemId ?? undefined}
        onChange={pick}
        options={(items.data ?? []).map((i) => ({
          value: i.id,
          label: `${i.title}（截止${shanghaiDate(i.end_time)}）`,
        }))}
      />
      {itemId === null ? (
        <Empty style={{ marginTop: 32 }} description="请选择政策项目" />
      ) : result.isError ? (
        <LoadErrorResult error={result.error} onRetry={() => void result.refetch()} />
      ) : (
        <div style={{ marginTop: 16 }}>
          {data && (
            <>
              <Typography.Text type="secondary">
                {data.item.dept_name}｜申报截止：{shanghaiDate(data.item.end_time)}
                {data.item.programme ? `｜适用条件：${data.item.programme}` : ''}｜匹配日期：{data.as_of}
              </Typography.Text>
              <PolicyItemLink id={itemId} title={data.item.title} className="uc-pt-notice-link">
                查看通知
              </PolicyItemLink>
              <div className="uc-pt-summary" style={{ marginTop: 12 }}>
                <Statistic title="完全匹配" value={data.counts.完全匹配} valueStyle={{ color: '#52c41a' }} />
                <Statistic title="部分匹配" value={data.counts.部分匹配} valueStyle={{ color: '#1668dc' }} />
                <Statistic title="不匹配" value={data.counts.不匹配} />
              </div>
            </>
          )}
          <Space wrap style={{ margin: '12px 0' }}>
            <Select
              aria-label="匹配结果筛选"
              style={{ width: 140 }}
              value={status ?? 'all'}
              onChange={(v: Level | 'all') => filter(v === 'all' ? undefined : v)}
              options={[
                { value: 'all', label: '全部匹配' },
                { value: '完全匹配', label: '完全匹配' },
                { value: '部分匹配', label: '部分匹配' },
              ]}
            />
            <Button onClick={download} loading={exporting} disabled={!data || data.total === 0}>
              导出Excel
            </Button>
          </Space>
          <Table<PolicyCustomerMatch>
            rowKey={(r) => r.customer.id}
            aria-label="匹配的客户"
            columns={COLUMNS}
            dataSource={data?.list ?? []}
            loading={result.isFetching}
            locale={{ emptyText: <Empty description="暂无数据" /> }}
            scroll={{ x: 720 }}
            pagination={{
              current: paging.page,
              pageSize: paging.size,
              total: data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => `共 ${total} 家`,
              onChange: (page, size) => setPaging({ page, size }),
            }}
          />
        </div>
      )}
    </div>
  );
}
