// 调用统计: the calls charged per day over the last 30 days as bars, with today's and the period's figures in text
// (the chart is a canvas); 暂无调用记录 when there were none.
import { BarChartOutlined } from '@ant-design/icons';
import type { ApiUsage } from '@uc/shared';
import { Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { Chart } from '../../../components/charts/chart';
import { IconTitle } from '../../../components/icon-title';
import { numberText } from '../../../lib/ui/number-text';
import { periodCalls, todayCalls, usageBarOption } from '../model/usage';

export const CHART_HEIGHT = 260;

function UsageChart({ days }: { days: ApiUsage['days'] }) {
  const option = useMemo(() => usageBarOption(days), [days]);
  // The canvas says nothing to a screen reader: its name carries the figures.
  const label = `近30天每日调用次数，共 ${periodCalls(days)} 次，今日 ${todayCalls(days)} 次`;
  return <Chart option={option} height={CHART_HEIGHT} ariaLabel={label} />;
}

/** The figures and the chart; without `usage` (still loading) their skeleton. */
export function UsageCard({ usage }: { usage: ApiUsage | undefined }) {
  let body: ReactNode;
  if (!usage) {
    body = <Skeleton.Node active style={{ width: '100%', height: CHART_HEIGHT }} />;
  } else {
    const total = periodCalls(usage.days);
    body = (
      <Flex vertical gap={8}>
        <Flex gap={16} wrap data-testid="api-usage-summary">
          <Typography.Text>
            今日调用 <strong data-testid="api-calls-today">{numberText(todayCalls(usage.days))}</strong> 次
          </Typography.Text>
          <Typography.Text type="secondary">
            近30天 <span data-testid="api-calls-30d">{numberText(total)}</span> 次
          </Typography.Text>
        </Flex>
        {total > 0 ? (
          <UsageChart days={usage.days} />
        ) : (
          <div className="uc-apikeys-empty" style={{ minHeight: CHART_HEIGHT }}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无调用记录" />
          </div>
        )}
      </Flex>
    );
  }
  return (
    <Card
      title={<IconTitle icon={<BarChartOutlined />}>调用统计</IconTitle>}
      extra={<Typography.Text type="secondary">近30天</Typography.Text>}
      className="uc-apikeys-card"
      data-testid="api-usage-card"
    >
      {body}
    </Card>
  );
}
