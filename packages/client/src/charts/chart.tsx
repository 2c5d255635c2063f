// A chart for the apps' pages: the ECharts code arrives in its own chunk, after the page's first view. Each app builds
// its `Chart` once with `createChart`, naming the echarts pieces it draws and how a chart waits for its code.
import { Skeleton } from 'antd';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import type { ChartProps } from './echarts-view.js';

export interface ChartFrameProps {
  height: number;
  /** The lazily loaded canvas: the frame renders it inside a Suspense of its own. */
  children: ReactNode;
}

export interface ChartSetup {
  /**
   * Imports the app's echarts setup (a module calling `echarts.use` with the charts, components and renderer the app
   * draws), loaded beside the canvas: each app's chart chunk holds what it draws and nothing more.
   */
  setup: () => Promise<unknown>;
  /** Where a chart waits for its code; by default a Suspense showing a pulsing skeleton of the chart's size. */
  Frame?: ComponentType<ChartFrameProps>;
  /** A hook answering whether the system asks for less motion (the chart then draws its final state at once). */
  useStill?: () => boolean;
}

function LoadingFrame({ height, children }: ChartFrameProps) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>{children}</Suspense>
  );
}

const alwaysAnimated = () => false;

/** An app's `Chart`: the canvas and the app's echarts setup are loaded together the first time one is drawn. */
export function createChart({ setup, Frame = LoadingFrame, useStill = alwaysAnimated }: ChartSetup) {
  const EChartsView = lazy(async () => {
    const [{ EChartsView: View }] = await Promise.all([import('./echarts-view.js'), setup()]);
    return { default: View };
  });
  return function Chart(props: ChartProps) {
    const still = useStill();
    return (
      <Frame height={props.height}>
        <EChartsView {...props} still={still} />
      </Frame>
    );
  };
}
