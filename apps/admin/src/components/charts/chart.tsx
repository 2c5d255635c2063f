// A chart of the console, drawn as apps/web draws its charts: the ECharts code in its own lazily loaded chunk
// (echarts-view.tsx), init once, setOption on change, resized with its box. The option type is types only.

import { Skeleton } from 'antd';
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { lazy, Suspense } from 'react';

export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

export interface ChartProps {
  option: ChartOption;
  height: number;
  /** Accessible name of the chart (the canvas has none). */
  ariaLabel: string;
}

const EChartsView = lazy(async () => ({ default: (await import('./echarts-view')).EChartsView }));

export function Chart(props: ChartProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: props.height }} />}>
      <EChartsView {...props} />
    </Suspense>
  );
}
