// A chart of the console, drawn as apps/web draws its charts: the ECharts code in its own lazily loaded chunk
// (echarts-view.tsx), init once, setOption on change, resized with its box. The option type is types only.

import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { ChartProps } from './echarts-view';

export type { ChartOption } from './chart-option';
export type { ChartProps } from './echarts-view';

const EChartsView = lazy(async () => ({ default: (await import('./echarts-view')).EChartsView }));

export function Chart(props: ChartProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height }} />}>
      <EChartsView {...props} />
    </Suspense>
  );
}
