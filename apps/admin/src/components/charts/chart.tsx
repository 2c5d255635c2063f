// A chart of the console (@uc/client createChart, as the member app builds its own): the ECharts code in its own
// lazily loaded chunk with the pieces echarts-setup.ts registers, a pulsing skeleton while it loads.
import { createChart } from '@uc/client';

export type { ChartOption } from '@uc/client';

export const Chart = createChart({ setup: () => import('./echarts-setup') });
