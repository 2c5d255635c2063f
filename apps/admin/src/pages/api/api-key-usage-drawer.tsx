// A key's calls per day in a drawer: the period (default the last 30 days, at most 92) and a small table, newest day
// first, of all calls and the charged ones.
import { useQuery } from '@tanstack/react-query';
import { STAFF_CALLS, type StaffApiKeyItem } from '@uc/shared';
import { Alert, DatePicker, Drawer, Space, Spin, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../lib/http';

export function ApiKeyUsageDrawer({
  apiKey,
  onClose,
}: {
  apiKey: StaffApiKeyItem | null;
  onClose: () => void;
}) {
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const from = range?.[0]?.format('YYYY-MM-DD');
  const to = range?.[1]?.format('YYYY-MM-DD');
  const query = useQuery({
    queryKey: ['api-key-usage', apiKey?.id, from, to],
    queryFn: () => call(STAFF_CALLS.apiKeys.usage, { id: apiKey?.id ?? 0, input: { from, to } }),
    enabled: apiKey !== null,
  });
  const usage = query.data;
  const total = (usage?.days ?? []).reduce((sum, d) => sum + d.charged, 0);
  return (
    <Drawer
      open={apiKey !== null}
      title={apiKey ? `调用统计 ${apiKey.name}（${apiKey.prefix}…）` : '调用统计'}
      size={560}
      onClose={() => {
        setRange(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <DatePicker.RangePicker
            value={range}
            onChange={(value) => setRange(value)}
            allowEmpty={[true, true]}
          />
          {usage && (
            <Typography.Text type="secondary">
              {usage.from} 至 {usage.to}，扣费调用共 {total} 次
            </Typography.Text>
          )}
        </Space>
        {query.isLoading && <Spin />}
        {query.error && <Alert type="error" title={query.error.message} />}
        {usage && (
          <Table
            size="small"
            rowKey="date"
            pagination={false}
            dataSource={[...usage.days].reverse()}
            columns={[
              { title: '日期', dataIndex: 'date' },
              { title: '调用次数', dataIndex: 'calls', align: 'right' },
              { title: '扣费次数（成功）', dataIndex: 'charged', align: 'right' },
            ]}
          />
        )}
      </Space>
    </Drawer>
  );
}
