// Build and dev-server settings of the web app: served under /usercenter/, API proxied to the local server.
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const API_TARGET = 'http://localhost:8080';
const proxied = ['/auth', '/api', '/account', '/tools', '/saastools', '/product', '/__dev', '/healthz'];

/** Chunk groups: stable vendor chunks for caching; chart code never reaches the login page. */
const chunkGroups = [
  { name: 'charts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 30 },
  {
    name: 'react-vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
    priority: 20,
  },
];

export default defineConfig({
  base: '/usercenter/',
  plugins: [react()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
      '/ws': { target: API_TARGET, ws: true },
    },
  },
  preview: { port: 8090, strictPort: true },
});
