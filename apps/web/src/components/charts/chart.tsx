// A chart for the pages: the ECharts code arrives in its own chunk after the page's first view.
import { Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { EChartsViewProps } from './echarts-view';

const EChartsView = lazy(async () => ({ default: (await import('./echarts-view')).EChartsView }));

export type { ChartOption } from './chart-option';
export { CHART_COLORS } from './chart-option';

export function Chart(props: EChartsViewProps) {
  // The chart's code is asked for once the frame with its placeholder has been painted, never while the page's
  // first view renders or commits: that first frame would otherwise compete with 150 KB it does not draw.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setMounted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  const placeholder = (
    <div style={{ height: props.height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Skeleton.Node active style={{ width: 160, height: Math.min(120, props.height - 20) }} />
    </div>
  );
  if (!mounted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <EChartsView {...props} />
    </Suspense>
  );
}
