// A chart for the pages: the ECharts code arrives in its own chunk after the page's first view.
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { EChartsViewProps } from './echarts-view';

const EChartsView = lazy(async () => ({ default: (await import('./echarts-view')).EChartsView }));

export type { ChartOption } from './chart-option';
export { CHART_COLORS } from './chart-option';

export function Chart(props: EChartsViewProps) {
  return (
    <Suspense
      fallback={
        <div
          style={{ height: props.height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <Skeleton.Node active style={{ width: 160, height: Math.min(120, props.height - 20) }} />
        </div>
      }
    >
      <EChartsView {...props} />
    </Suspense>
  );
}
