// 概览: the period's figures (default the last 30 days) — KPI cards (收入, 新会员, 付费会员, 退款), revenue per day
// stacked by channel, orders by state and new members per day (ECharts), 暂无数据 for an empty period, and the .xlsx
// export of the days.
import { useQuery } from '@tanstack/react-query';
import {
  fenToYuan,
  OVERVIEW_MAX_DAYS,
  type Overview,
  type OverviewQuery,
  STAFF_CALLS,
  STAFF_OVERVIEW_API,
} from '@uc/shared';
import { Alert, Card, Col, DatePicker, Empty, Row, Space, Statistic, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Chart, type ChartOption } from '../../components/charts/chart';
import { ExportButton } from '../../components/export-button';
import { call } from '../../lib/http';

const DATE = 'YYYY-MM-DD';
const CHART_HEIGHT = 300;
const money = (fen: number) => `¥${fenToYuan(fen).toLocaleString('zh-CN', { minimumFractionDigits: 2 })}`;

function revenueOption(data: Overview): ChartOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v) => `¥${Number(v).toFixed(2)}` },
    legend: { top: 0 },
    grid: { left: 56, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: data.days.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', name: '元' },
    series: data.channels.map((c) => ({
      type: 'line',
      name: c.name,
      stack: 'revenue',
      areaStyle: {},
      smooth: true,
      data: data.days.map((d) => fenToYuan(d.by_channel[c.channel] ?? 0)),
    })),
  };
}

function ordersOption(data: Overview): ChartOption {
  return {
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['40%', '68%'],
        data: data.orders_by_status.map((s) => ({ name: s.name, value: s.count })),
      },
    ],
  };
}

function membersOption(data: Overview): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: data.days.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'line', name: '新会员', smooth: true, data: data.days.map((d) => d.new_members) },
      { type: 'line', name: '付费会员', smooth: true, data: data.days.map((d) => d.paying_members) },
    ],
  };
}

/** A chart, or 暂无数据 when the period has nothing to draw. */
function ChartCard({ title, empty, children }: { title: string; empty: boolean; children: React.ReactNode }) {
  return (
    <Card title={title}>
      {empty ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="暂无数据"
          style={{ height: CHART_HEIGHT - 40 }}
        />
      ) : (
        children
      )}
    </Card>
  );
}

export default function OverviewPage() {
  const [range, setRange] = useState<OverviewQuery>({});
  const overview = useQuery({
    queryKey: ['overview', range],
    queryFn: () => call(STAFF_CALLS.overview, { input: range }),
  });
  const data = overview.data;
  const totals = data?.totals;

  const onRange = (dates: [Dayjs | null, Dayjs | null] | null) =>
    setRange(dates?.[0] && dates[1] ? { from: dates[0].format(DATE), to: dates[1].format(DATE) } : {});

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space>
            <Typography.Text>日期范围</Typography.Text>
            <DatePicker.RangePicker
              aria-label="日期范围"
              value={data ? [dayjs(data.from), dayjs(data.to)] : null}
              disabledDate={(day, info) =>
                day.isAfter(dayjs(), 'day') ||
                (info.from ? Math.abs(day.diff(info.from, 'day')) >= OVERVIEW_MAX_DAYS : false)
              }
              onChange={onRange}
            />
          </Space>
          <ExportButton
            path={STAFF_OVERVIEW_API.export}
            query={range}
            fileName="概览.xlsx"
            permission="overview.export"
          />
        </Space>
      </Card>
      {overview.error && <Alert type="error" showIcon title={overview.error.message} />}
      <Row gutter={[16, 16]}>
        {[
          { title: '收入', value: totals ? money(totals.revenue_fen) : '—' },
          { title: '新会员', value: totals?.new_members ?? '—' },
          { title: '付费会员', value: totals?.paying_members ?? '—' },
          {
            title: '退款',
            value: totals ? `${totals.refunds} 笔 / ${money(totals.refund_fen)}` : '—',
          },
        ].map((kpi) => (
          <Col key={kpi.title} xs={24} sm={12} xl={6}>
            <Card loading={overview.isLoading}>
              <Statistic title={kpi.title} value={kpi.value} />
            </Card>
          </Col>
        ))}
      </Row>
      {data && (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <ChartCard title="每日收入（按渠道）" empty={data.totals.revenue_fen === 0}>
              <Chart option={revenueOption(data)} height={CHART_HEIGHT} ariaLabel="每日收入（按渠道）" />
            </ChartCard>
          </Col>
          <Col xs={24} xl={8}>
            <ChartCard title="订单状态" empty={data.orders_by_status.length === 0}>
              <Chart option={ordersOption(data)} height={CHART_HEIGHT} ariaLabel="订单状态" />
            </ChartCard>
          </Col>
          <Col xs={24}>
            <ChartCard
              title="每日新会员与付费会员"
              empty={data.totals.new_members === 0 && data.totals.paying_members === 0}
            >
              <Chart option={membersOption(data)} height={CHART_HEIGHT} ariaLabel="每日新会员与付费会员" />
            </ChartCard>
          </Col>
        </Row>
      )}
    </Space>
  );
}
