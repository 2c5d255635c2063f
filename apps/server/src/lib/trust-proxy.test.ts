import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { describe, expect, it } from 'vitest';
import { parseTrustProxy, trustProxyOption } from './trust-proxy.js';

/** The client address Fastify resolves (request.ip) for this peer and X-Forwarded-For under this setting. */
function clientOf(setting: string, peer: string | undefined, xff?: string): string | undefined {
  const parsed = parseTrustProxy(setting);
  if (parsed === null) throw new Error(`invalid: ${setting}`);
  const trust = trustProxyOption(parsed);
  const req = { socket: { remoteAddress: peer }, headers: xff ? { 'x-forwarded-for': xff } : {} };
  const all = proxyAddr.all(req as unknown as IncomingMessage, trust || (() => false));
  return all[all.length - 1];
}

describe('trustProxyOption', () => {
  it('takes the address the nearest untrusted hop presents', () => {
    const xff = '100.64.0.1, 10.0.0.1, 198.51.100.7';
    expect(clientOf('false', '10.0.0.1', xff)).toBe('10.0.0.1');
    expect(clientOf('true', '10.0.0.1', xff)).toBe('198.51.100.7');
    expect(clientOf('1', '10.0.0.1', xff)).toBe('198.51.100.7');
    expect(clientOf('2', '10.0.0.2', '100.64.0.1, 198.51.100.7, 10.0.0.1')).toBe('198.51.100.7');
    expect(clientOf('10.0.0.1', '10.0.0.1', xff)).toBe('198.51.100.7');
    expect(clientOf('10.0.0.0/8', '10.0.0.1', '198.51.100.7, 10.0.0.3')).toBe('198.51.100.7');
  });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', () => {
    expect(clientOf('10.0.0.1', '198.51.100.7', '100.64.0.1')).toBe('198.51.100.7');
  });

  it('stops at a peer without an address (a closed socket) or an entry that is no address', () => {
    expect(clientOf('1', undefined, '100.64.0.1')).toBeUndefined();
    expect(clientOf('2', '10.0.0.1', '100.64.0.1, not-an-ip')).toBe('not-an-ip');
  });
});
