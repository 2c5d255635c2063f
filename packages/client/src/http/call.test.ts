import { endpoint } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { endpointRequest } from './call';
import { queryOf, urlOf } from './query';

describe('endpointRequest', () => {
  it('sends a GET input as the query and fills the path with the id', () => {
    const usage = endpoint<unknown, { from?: string }>()('GET', '/api/admin/api-keys/{id}/usage/');
    expect(endpointRequest(usage, { id: 7, input: { from: '2026-11-01' }, silent: true })).toEqual({
      method: 'GET',
      url: '/api/admin/api-keys/7/usage/',
      params: { from: '2026-11-01' },
      silent: true,
    });
  });

  it('sends a POST input as the body; placeholders are filled in order and encoded', () => {
    const red = endpoint<unknown, { number: string }>()(
      'POST',
      '/api/admin/invoices/{id}/red-letters/{red_id}/',
    );
    expect(endpointRequest(red, { id: [3, 9], input: { number: 'N1' } })).toEqual({
      method: 'POST',
      url: '/api/admin/invoices/3/red-letters/9/',
      data: { number: 'N1' },
    });
    const refund = endpoint<unknown>()('POST', '/api/admin/orders/:out_trade_no/refund/');
    expect(endpointRequest(refund, { id: 'A B' }).url).toBe('/api/admin/orders/A%20B/refund/');
  });
});

describe('queries', () => {
  it('leaves out undefined, null and empty values', () => {
    expect(queryOf({ a: 'x', b: '', c: null, d: undefined, e: 0 })).toEqual({ a: 'x', e: '0' });
    expect(urlOf('/api/admin/audit/', { page: 2, q: '' })).toBe('/api/admin/audit/?page=2');
    expect(urlOf('/api/admin/audit/')).toBe('/api/admin/audit/');
  });
});
