// Query strings and form bodies decode as UTF-8 or are refused (内容包含非法字符), never kept as literal escapes.
import formbody from '@fastify/formbody';
import fp from 'fastify-plugin';
import { errors } from '../errors.js';
import { isUtf8Escaped, parseFormFields } from '../lib/percent-encoding.js';

export const encodingPlugin = fp(
  async (app) => {
    // The router's query parser keeps an escape it cannot decode as text, so the raw query is checked first.
    app.addHook('onRequest', async (request) => {
      const url = request.raw.url ?? '';
      const at = url.indexOf('?');
      if (at !== -1 && !isUtf8Escaped(url.slice(at + 1))) throw errors.textInvalid();
    });
    await app.register(formbody, {
      parser: (text) => {
        if (!isUtf8Escaped(text)) throw errors.textInvalid();
        return parseFormFields(text);
      },
    });
  },
  { name: 'encoding' },
);
