// The ECharts canvas (loaded lazily through chart.tsx): init once, setOption on change, follow the box size. It
// registers nothing: the app's setup, loaded beside it, has given echarts/core the charts and renderer it draws.
import { init } from 'echarts/core';
import { useEffect, useRef } from 'react';
import type { ChartOption } from './chart-option.js';

export interface ChartProps {
  option: ChartOption;
  height: number;
  /** Accessible name of the chart (the canvas itself has none). */
  ariaLabel: string;
  /**
   * Called with the name of what was clicked: a slice or a bar, an axis label, or anywhere in a category's band of a
   * bar chart (a short bar is hard to hit, on a phone above all). The chart shows a pointer where it applies.
   */
  onPick?: (name: string) => void;
}

export interface EChartsViewProps extends ChartProps {
  /** The system asks for less motion: the chart draws its final state at once, on hover too. */
  still: boolean;
}

type Instance = ReturnType<typeof init>;
interface AxisOption {
  type?: string;
  data?: unknown[];
}

/** The category under a point of the first grid, or undefined outside it (or in a chart without one). */
function categoryAt(instance: Instance, point: [number, number]): string | undefined {
  if (!instance.containPixel({ gridIndex: 0 }, point)) return undefined;
  const option = instance.getOption() as { xAxis?: AxisOption[]; yAxis?: AxisOption[] };
  const [x, y] = instance.convertFromPixel({ gridIndex: 0 }, point) as number[];
  const yAxis = option.yAxis?.[0];
  const xAxis = option.xAxis?.[0];
  const name =
    yAxis?.type === 'category'
      ? yAxis.data?.[Math.round(y ?? -1)]
      : xAxis?.type === 'category'
        ? xAxis.data?.[Math.round(x ?? -1)]
        : undefined;
  return name === undefined || name === null ? undefined : String(name);
}

export function EChartsView({ option, height, ariaLabel, onPick, still }: EChartsViewProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Instance | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = init(el, undefined, { renderer: 'canvas' });
    chart.current = instance;
    instance.on('click', (params) => {
      if (params.componentType === 'series' && params.name) pick.current?.(params.name);
      else if (params.componentType === 'xAxis' || params.componentType === 'yAxis')
        pick.current?.(String((params as { value?: unknown }).value ?? ''));
    });
    const zr = instance.getZr();
    // A click on the blank part of a category's band (the series' own elements answer above).
    zr.on('click', (event) => {
      if (event.target || !pick.current) return;
      const name = categoryAt(instance, [event.offsetX, event.offsetY]);
      if (name !== undefined) pick.current(name);
    });
    zr.on('mousemove', (event) => {
      if (!event.target && pick.current && categoryAt(instance, [event.offsetX, event.offsetY]) !== undefined)
        zr.setCursorStyle('pointer');
    });
    // A card changing width (sider collapse, window resize, responsive columns) redraws the chart.
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(still ? { ...option, animation: false } : option, { notMerge: true });
  }, [option, still]);

  return (
    <div ref={box} role="img" aria-label={ariaLabel} data-testid="echart" style={{ width: '100%', height }} />
  );
}
