// ECharts options of the dashboard's charts, built from API rows (pure; the chart code loads separately).
import { CHART_COLORS, type ChartOption } from '@uc/client';
import type { DistributionItem, FundingSummaryRow } from '@uc/shared';
import type { BarSeriesOption } from 'echarts/charts';
import { escapeHtml } from '../../../lib/escape-html';

/** Class of the charts' HTML tooltips (styling hooks, and tests find them by it). */
export const CHART_TOOLTIP_CLASS = 'uc-chart-tooltip';

/** Slices beyond this many are summed into 其他, so the donut stays readable. */
const PIE_MAX_SLICES = 8;

export interface Slice {
  name: string;
  value: number;
  /** The row's key (industry code), '' for 其他. */
  key: string;
}

/** Largest first; the tail beyond `max - 1` slices becomes one 其他 slice. Zero counts are dropped. */
export function topSlices(items: readonly DistributionItem[], max: number = PIE_MAX_SLICES): Slice[] {
  const sorted = items
    .filter((i) => i.count > 0)
    .map((i) => ({ key: i.key, name: i.keyname || i.key, value: i.count }))
    .sort((a, b) => b.value - a.value);
  if (sorted.length <= max) return sorted;
  const head = sorted.slice(0, max - 1);
  const rest = sorted.slice(max - 1).reduce((sum, s) => sum + s.value, 0);
  return [...head, { key: '', name: '其他', value: rest }];
}

/** The slices with their colours and shares: the chart and its HTML legend read the same list. */
export interface LegendSlice extends Slice {
  color: string;
  /** Share of the total, in percent with one decimal. */
  percent: number;
}

export function industrySlices(items: readonly DistributionItem[]): LegendSlice[] {
  const slices = topSlices(items);
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  return slices.map((s, i) => ({
    ...s,
    color: CHART_COLORS[i % CHART_COLORS.length] ?? CHART_COLORS[0],
    percent: total > 0 ? Math.round((s.value / total) * 1000) / 10 : 0,
  }));
}

/** A donut with the customer total in its hole; the legend is HTML beside it (long industry names wrap there). */
export function industryPieOption(slices: readonly LegendSlice[]): ChartOption {
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  return {
    tooltip: {
      trigger: 'item',
      className: CHART_TOOLTIP_CLASS,
      confine: true,
      // The tooltip is HTML: names are escaped, whatever their source.
      formatter: (params) => {
        const p = Array.isArray(params) ? params[0] : params;
        return p ? `${escapeHtml(p.name)}<br/>${escapeHtml(p.value)} 家（${escapeHtml(p.percent)}%）` : '';
      },
    },
    series: [
      {
        name: '行业分布',
        type: 'pie',
        radius: ['54%', '82%'],
        center: ['50%', '50%'],
        avoidLabelOverlap: true,
        itemStyle: { borderColor: '#fff', borderWidth: 2, borderRadius: 4 },
        label: {
          show: true,
          position: 'center',
          formatter: () => `{v|${total}}\n{t|客户总数}`,
          rich: {
            v: { fontSize: 22, fontWeight: 600, color: '#1f1f1f', lineHeight: 30 },
            t: { fontSize: 12, color: '#8c8c8c' },
          },
        },
        emphasis: { scale: true, scaleSize: 4 },
        labelLine: { show: false },
        data: slices.map((s) => ({ name: s.name, value: s.value, itemStyle: { color: s.color } })),
      },
    ],
  };
}

// What the horizontal bar charts share: one colour, a shaded axis pointer, rows without ticks, bars labelled at
// their end.
const BAR_TOOLTIP = {
  trigger: 'axis',
  className: CHART_TOOLTIP_CLASS,
  axisPointer: { type: 'shadow' },
} as const;
const VALUE_SPLIT_LINE = { lineStyle: { color: '#f0f0f0' } };
const ROW_AXIS = {
  type: 'category',
  axisTick: { show: false },
  axisLine: { lineStyle: { color: '#d9d9d9' } },
} as const;
const ROW_LABEL_COLOR = '#595959';
const BAR: BarSeriesOption = { type: 'bar', barMaxWidth: 16, itemStyle: { borderRadius: [0, 4, 4, 0] } };
const BAR_LABEL = { show: true, position: 'right', color: ROW_LABEL_COLOR } as const;

/** Horizontal bars (district names stay readable in a narrow card), largest at the top. */
export function areaBarOption(items: readonly DistributionItem[]): ChartOption {
  const rows = [...items].sort((a, b) => a.count - b.count);
  return {
    color: [CHART_COLORS[0]],
    // ECharts' own axis tooltip escapes the category names; only the value is formatted here.
    tooltip: { ...BAR_TOOLTIP, valueFormatter: (v) => `${String(v)} 家` },
    grid: { left: 8, right: 40, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, splitLine: VALUE_SPLIT_LINE },
    yAxis: {
      ...ROW_AXIS,
      data: rows.map((r) => r.keyname || r.key),
      axisLabel: { color: ROW_LABEL_COLOR },
      // A district's name opens its list too.
      triggerEvent: true,
    },
    series: [{ ...BAR, name: '客户数', label: BAR_LABEL, data: rows.map((r) => r.count) }],
  };
}

/**
 * Funding per department: horizontal bars of the amount (万元), labelled with the amount and the record count.
 * `compact` (phones) gives the department names and the labels less room.
 */
export function fundingBarOption(rows: readonly FundingSummaryRow[], compact = false): ChartOption {
  const sorted = [...rows].sort((a, b) => a.amount - b.amount);
  return {
    color: [CHART_COLORS[0]],
    tooltip: {
      ...BAR_TOOLTIP,
      confine: true,
      formatter: (params) => {
        const first = Array.isArray(params) ? params[0] : params;
        const row = sorted[first?.dataIndex ?? -1];
        // Department names are typed by members (a sub-account included): escaped, as the tooltip is HTML.
        return row
          ? `${escapeHtml(row.dept_name)}<br/>资助金额：${escapeHtml(row.amount)} 万元<br/>资助项目：${escapeHtml(row.count)} 项`
          : '';
      },
    },
    grid: { left: 8, right: compact ? 48 : 96, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'value', name: '万元', splitNumber: compact ? 2 : 4, splitLine: VALUE_SPLIT_LINE },
    yAxis: {
      ...ROW_AXIS,
      data: sorted.map((r) => r.dept_name),
      axisLabel: { color: ROW_LABEL_COLOR, width: compact ? 84 : 150, overflow: 'truncate' },
    },
    series: [
      {
        ...BAR,
        name: '资助金额（万元）',
        label: {
          ...BAR_LABEL,
          formatter: (p) => {
            const row = sorted[p.dataIndex];
            if (!row) return '';
            return compact ? `${row.amount}万` : `${row.amount}万 · ${row.count}项`;
          },
        },
        data: sorted.map((r) => r.amount),
      },
    ],
  };
}
