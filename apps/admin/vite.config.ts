// Build and dev-server settings of the operator console: served under /admin/, API proxied to the local server.
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const API_TARGET = 'http://localhost:8080';

/**
 * React and the router in one chunk, antd and the other libraries in another, the console's own code beside; ECharts
 * in a chunk of its own (as apps/web splits it), loaded only by 概览's charts.
 */
const chunkGroups = [
  { name: 'charts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 30 },
  {
    name: 'react-vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
    priority: 20,
  },
  { name: 'lib', test: /node_modules[\\/]/, priority: 10 },
];

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  resolve: { conditions: ['@uc/source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
});
