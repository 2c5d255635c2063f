// 调用统计 and 最近调用 of 我的API, from GET usage (pure; the chart code loads separately).
import { CHART_COLORS, type ChartOption } from '@uc/client';
import { type ApiUsage, OPEN_API_PRODUCTS } from '@uc/shared';

type UsageDay = ApiUsage['days'][number];

/** The calls of today: the last of the 30 days (the server's days end today, Asia/Shanghai). */
export const todayCalls = (days: readonly UsageDay[]): number => days.at(-1)?.calls ?? 0;

/** The calls of the 30 days. */
export const periodCalls = (days: readonly UsageDay[]): number =>
  days.reduce((sum, day) => sum + day.calls, 0);

/** The calls per day as bars, oldest on the left, each labelled MM-DD. */
export function usageBarOption(days: readonly UsageDay[]): ChartOption {
  return {
    color: [CHART_COLORS[0]],
    // ECharts' own axis tooltip escapes the dates; only the value is formatted here.
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      valueFormatter: (v) => `${String(v)} 次`,
    },
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: days.map((day) => day.date.slice(5)),
      axisTick: { show: false },
      axisLine: { lineStyle: { color: '#d9d9d9' } },
      axisLabel: { color: '#595959' },
    },
    yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { color: '#f0f0f0' } } },
    series: [
      {
        type: 'bar',
        name: '调用次数',
        barMaxWidth: 16,
        itemStyle: { borderRadius: [4, 4, 0, 0] },
        data: days.map((day) => day.calls),
      },
    ],
  };
}

/** A product's Chinese name (an unknown key as it is). */
export function productName(key: string): string {
  return OPEN_API_PRODUCTS.find((product) => product.key === key)?.name ?? key;
}

/** What a call's HTTP status says, as its tag: 2xx succeeded, 429 found the calls used up or the rate exceeded. */
export function callStatus(status: number): { text: string; color: string } {
  if (status >= 200 && status < 300) return { text: '成功', color: 'green' };
  if (status === 429) return { text: '次数用完/限流', color: 'orange' };
  return { text: '失败', color: 'red' };
}
