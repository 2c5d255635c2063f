import { describe, expect, it } from 'vitest';
import { rawUtf8Request } from './raw-request.js';

const packet = (...parts: (string | Buffer)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p)));
const HIGH = Buffer.from('高新', 'utf8');

describe('rawUtf8Request', () => {
  it('percent-encodes the raw bytes of the request line and keeps the head', () => {
    const read = rawUtf8Request(
      packet('GET /x?k=', HIGH, '&c=1 HTTP/1.1\r\nHost: a\r\nCookie: a=1\r\ncookie: b=2\r\n\r\n'),
    );
    expect(read).toEqual({
      method: 'GET',
      url: `/x?k=${encodeURIComponent('高新')}&c=1`,
      headers: { host: 'a', cookie: 'a=1; b=2' },
      body: Buffer.alloc(0),
    });
  });

  it('takes a body of the declared length that arrived whole', () => {
    const read = rawUtf8Request(packet('POST /x?k=', HIGH, ' HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}'));
    expect(read?.body.toString()).toBe('{}');
    expect(rawUtf8Request(packet('POST /x?k=', HIGH, ' HTTP/1.1\r\nContent-Length: 3\r\n\r\n{}'))).toBeNull();
  });

  it('leaves alone what it cannot read plainly', () => {
    for (const bad of [
      packet('GET /x?k=1 HTTP/1.1\r\nHost: a\r\n\r\n'), // nothing raw: not its case
      packet('GET /x?k=', HIGH, ' HTTP/1.1\r\nHost: a\r\n'), // head not whole
      packet('GET /x?k=', HIGH, ' x HTTP/1.1\r\n\r\n'), // a space in the target
      packet('GET /x?k=', HIGH, '\x01 HTTP/1.1\r\n\r\n'), // a control byte
      packet('POST /x?k=', HIGH, ' HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'),
      packet('POST /x?k=', HIGH, ' HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nx'),
      packet('GET /x?k=', HIGH, ' HTTP/1.1\r\n folded\r\n\r\n'),
      packet('GET /x?k=', HIGH, ' HTTP/2.0\r\n\r\n'),
    ]) {
      expect(rawUtf8Request(bad), bad.toString('latin1')).toBeNull();
    }
  });
});
