// The member app's chart (@uc/client createChart): the ECharts code arrives in its own chunk after the page's first
// view, once the chart comes near the viewport.
import { type ChartFrameProps, createChart } from '@uc/client';
import { Skeleton } from 'antd';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../lib/ui/use-media-query';
import { WhenVisible } from '../when-visible';

export type { ChartOption } from '@uc/client';

function WhenNear({ height, children }: ChartFrameProps) {
  // The chart's code is asked for once its placeholder has been painted near the viewport, never while the page's
  // first view renders or commits (that first frame would otherwise compete with 150 KB it does not draw), and not at
  // all for a chart below the fold until the member scrolls towards it: drawing one is a long task on a phone. The
  // placeholder is still, not shimmering: below the fold it may stay for long, and an endless animation keeps the
  // page busy.
  const placeholder = (
    <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Skeleton.Node style={{ width: 160, height: Math.min(120, height - 20) }} />
    </div>
  );
  return <WhenVisible placeholder={placeholder}>{children}</WhenVisible>;
}

/** Asked for less motion, the chart draws its final state at once, on hover too. */
const useStill = () => useMediaQuery(REDUCED_MOTION_QUERY);

export const Chart = createChart({ setup: () => import('./echarts-setup'), Frame: WhenNear, useStill });
