// How responses made per request are compressed (JSON, the small server pages, a signed-in member's index.html):
// brotli at quality 4 compresses them about as well as gzip -6, at a fraction of the CPU of its default 11.
import { constants } from 'node:zlib';

export const DYNAMIC_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
export const DYNAMIC_GZIP = { level: 6 };
