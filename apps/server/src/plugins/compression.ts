// Compression of dynamic responses (JSON, the small server-rendered pages, /metrics) above a size threshold.
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import { DYNAMIC_BROTLI, DYNAMIC_GZIP } from '../lib/compression-levels.js';
import { WEB_BASE } from './web.js';

/** Smaller bodies fit in a packet or two anyway; compressing them would only cost CPU on the hot reads. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** JSON of any flavour, HTML and text (/metrics), besides the types mime-db calls compressible. */
const DYNAMIC_TYPES = /^(?:application\/(?:[\w.+-]+\+)?json|text\/(?:html|plain))\b/;

export const compressionPlugin = fp(
  async (app) => {
    // The web app's files are compressed at build time and index.html once at start; its routes send the variant
    // the client accepts themselves (plugins/web.ts). Compressing its small uncompressed files (under the build's
    // 1 KB floor) per request would cost more than it saves.
    app.addHook('onRoute', (route) => {
      if (route.prefix === WEB_BASE) route.compress = false;
    });
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      customTypes: DYNAMIC_TYPES,
      brotliOptions: DYNAMIC_BROTLI,
      zlibOptions: DYNAMIC_GZIP,
      // Request bodies stay as sent: the payment notifications are verified on their raw bytes.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
