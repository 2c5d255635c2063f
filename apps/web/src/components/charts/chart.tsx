// A chart for the pages: the ECharts code arrives in its own chunk after the page's first view.
import { Skeleton } from 'antd';
import { lazy } from 'react';
import { WhenVisible } from '../when-visible';
import type { EChartsViewProps } from './echarts-view';

const EChartsView = lazy(async () => ({ default: (await import('./echarts-view')).EChartsView }));

export type { ChartOption } from './chart-option';
export { CHART_COLORS } from './chart-option';

export function Chart(props: EChartsViewProps) {
  // The chart's code is asked for once its placeholder has been painted near the viewport, never while the page's
  // first view renders or commits (that first frame would otherwise compete with 150 KB it does not draw), and not at
  // all for a chart below the fold until the member scrolls towards it: drawing one is a long task on a phone. The
  // placeholder is still, not shimmering: below the fold it may stay for long, and an endless animation keeps the
  // page busy.
  const placeholder = (
    <div style={{ height: props.height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Skeleton.Node style={{ width: 160, height: Math.min(120, props.height - 20) }} />
    </div>
  );
  return (
    <WhenVisible placeholder={placeholder}>
      <EChartsView {...props} />
    </WhenVisible>
  );
}
