// The ECharts canvas of a console chart (loaded lazily through chart.tsx): init once, setOption on change, follow the
// box's size (the sider collapsing, the window resizing).
import { useEffect, useRef } from 'react';
import type { ChartOption } from './chart-option';
import { echarts } from './echarts-setup';

export interface ChartProps {
  option: ChartOption;
  height: number;
  /** Accessible name of the chart (the canvas has none). */
  ariaLabel: string;
}

export function EChartsView({ option, height, ariaLabel }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof echarts.init> | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} role="img" aria-label={ariaLabel} style={{ width: '100%', height }} />;
}
