export * from './api-error.js';
export * from './charts/chart.js';
export * from './charts/chart-option.js';
export type { ChartProps } from './charts/echarts-view.js';
export * from './export/export-button.js';
export * from './export/save-file.js';
export * from './http/index.js';
export * from './order-status.js';
