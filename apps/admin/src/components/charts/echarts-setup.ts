// ECharts for the console, modular as apps/web loads it (echarts/core + only what is drawn): the 概览's line, bar and
// pie charts with their grid, tooltip and legend, registered for the canvas of @uc/client and loaded with it.
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([LineChart, BarChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);
