// ECharts, modular: only the charts, components and renderer the member app draws (docs/architecture.md §9 budget),
// registered on echarts/core for the canvas of @uc/client, loaded together with it (chart.tsx).
import { BarChart, PieChart, RadarChart } from 'echarts/charts';
import { GridComponent, RadarComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([PieChart, BarChart, RadarChart, GridComponent, RadarComponent, TooltipComponent, CanvasRenderer]);
