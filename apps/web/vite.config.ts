// Build and dev-server settings of the web app: served under /usercenter/, API proxied to the local server.
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { pureSchemas } from './pure-schemas';

const API_TARGET = 'http://localhost:8080';
const proxied = ['/auth', '/api', '/account', '/tools', '/saastools', '/product', '/__dev', '/healthz'];

/**
 * Chunk groups: chart code never reaches the login page; what the entry imports is one chunk beside React; the other
 * libraries are grouped by the set of pages that use them (entriesAware), none merged into a neighbour, so that a page
 * loads no code it does not render (bench/README.md: the JS budgets; a member's page is drawn by the server, so the
 * extra files no longer delay its first paint).
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
    entriesAwareMergeThreshold: 0,
  },
];

/**
 * A library group's name lists the pages that share it (`lib~register-page~login-page~...`, over 100 characters);
 * every chunk importing it and the entry's preload map repeat that name, so those files are named by their hash only.
 */
function chunkFileName(chunk: { name: string }): string {
  return chunk.name.startsWith('lib~') ? 'assets/lib-[hash].js' : 'assets/[name]-[hash].js';
}

/**
 * Ant Design's component packages are written free of side effects (antd itself says so in its package.json), but
 * they do not say it: a module of theirs that nothing uses would stay in the bundle for a top-level call such as
 * `Object.assign`.
 */
const PURE_PACKAGES = [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }];

/**
 * The server's build of the first view (src/entry-server.tsx, `vite build --ssr`): one self-contained module beside
 * the client build, in a folder the server does not serve (its static files skip dot folders); the server finds it
 * there (apps/server/src/plugins/page-render.ts FIRST_VIEW_MODULE).
 */
const SSR_OUT_DIR = 'dist/.ssr';

export default defineConfig(({ isSsrBuild, mode }) => ({
  base: '/usercenter/',
  plugins: [react(), pureSchemas()],
  resolve: { conditions: ['@uc/source', ...defaultClientConditions] },
  ssr: {
    noExternal: true,
    resolve: { conditions: ['@uc/source', ...defaultServerConditions], externalConditions: ['@uc/source'] },
  },
  // The server's module is built for the browser's React, whatever NODE_ENV the server runs with (libraries such as
  // rc-util draw other element ids under NODE_ENV=test, which would then not match the browser's).
  ...(isSsrBuild && {
    define: { 'process.env.NODE_ENV': JSON.stringify(mode === 'development' ? 'development' : 'production') },
  }),
  build: isSsrBuild
    ? {
        outDir: SSR_OUT_DIR,
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node20',
        rolldownOptions: { output: { codeSplitting: false } },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        chunkSizeWarningLimit: 900,
        // The server reads it to preload the route chunks of the first view (apps/server/src/plugins/web.ts).
        manifest: true,
        rolldownOptions: {
          treeshake: { moduleSideEffects: PURE_PACKAGES },
          output: {
            codeSplitting: { groups: chunkGroups },
            chunkFileNames: chunkFileName,
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
}));
