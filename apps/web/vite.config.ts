// Build and dev-server settings of the web app: served under /usercenter/, API proxied to the local server.
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const API_TARGET = 'http://localhost:8080';
const proxied = ['/auth', '/api', '/account', '/tools', '/saastools', '/product', '/__dev', '/healthz'];

/**
 * Chunk groups: few, large requests rather than dozens of small ones, without making a page load code it does not
 * render. Chart code never reaches the login page; what the entry imports is one chunk beside React; the other
 * libraries are grouped by the set of pages that use them (entriesAware), small sets merged into a neighbour.
 */
const chunkGroups = [
  { name: 'charts', test: /node_modules[\\/](echarts|zrender)[\\/]/, priority: 30 },
  {
    name: 'react-vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
    priority: 20,
  },
  { name: 'app', tags: ['$initial' as const], priority: 15 },
  {
    name: 'lib',
    test: /node_modules[\\/]/,
    priority: 10,
    entriesAware: true,
    entriesAwareMergeThreshold: 24 * 1024,
  },
];

export default defineConfig({
  base: '/usercenter/',
  plugins: [react()],
  resolve: { conditions: ['@uc/source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    // The server reads it to preload the route chunks of the first view (apps/server/src/plugins/web.ts).
    manifest: true,
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
