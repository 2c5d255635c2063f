// The option type the product's charts may use: the member app's pie, bar and radar series and the console's line,
// bar and pie series, with grid, radar, legend and tooltip. Types only, so importing it never pulls chart code into a
// page's first chunk; each app registers only the pieces it draws (its own echarts-setup.ts).
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption, RadarSeriesOption } from 'echarts/charts';
import type {
  GridComponentOption,
  LegendComponentOption,
  RadarComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | RadarSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | RadarComponentOption
  | TooltipComponentOption
>;

/** The product's chart palette (antd's blue first). */
export const CHART_COLORS = [
  '#1668dc',
  '#13c2c2',
  '#52c41a',
  '#faad14',
  '#722ed1',
  '#eb2f96',
  '#fa541c',
  '#2f54eb',
  '#a0d911',
  '#8c8c8c',
] as const;
