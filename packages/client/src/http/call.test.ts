import { endpoint } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { endpointAnswer, endpointRequest } from './call';
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

describe('declared options', () => {
  it('sends a form body from the fields: a list comma-joined, an undefined field left out', () => {
    const save = endpoint<unknown, { ids: number[]; name: string; on: boolean; id?: number }>()(
      'POST',
      '/tools/api/Save/',
      { body: 'form' },
    );
    const { data } = endpointRequest(save, { input: { ids: [1, 2], name: 'a b', on: true, id: undefined } });
    expect(data).toBeInstanceOf(URLSearchParams);
    expect(String(data)).toBe('ids=1%2C2&name=a+b&on=true');
  });

  it('sends a multipart body with a Blob as a file part, leaving the content type to the browser', () => {
    const upload = endpoint<unknown, { file: Blob; note: string }>()('POST', '/api/users/avatar/', {
      body: 'multipart',
    });
    const file = new Blob(['x'], { type: 'image/png' });
    const request = endpointRequest(upload, { input: { file, note: 'n' } });
    expect(request.data).toBeInstanceOf(FormData);
    expect((request.data as FormData).get('note')).toBe('n');
    expect((request.data as FormData).get('file')).toBeInstanceOf(Blob);
    expect(request.headers).toEqual({ 'Content-Type': undefined });
  });

  it('asks a file as a blob; answers the envelope, its data, or refuses another code', () => {
    const file = endpoint<Blob>()('GET', '/export/', { answer: 'file' });
    expect(endpointRequest(file, { fallbackName: 'a.xlsx' })).toEqual({
      method: 'GET',
      url: '/export/',
      responseType: 'blob',
    });
    const envelope = { code: 20013, message: 'm', data: [] };
    const raw = endpoint<unknown>()('GET', '/api/message/', { answer: 'envelope' });
    const response = { data: envelope } as never;
    expect(endpointAnswer(raw, response, {})).toBe(envelope);
    const plain = endpoint<unknown>()('GET', '/api/x/');
    expect(() => endpointAnswer(plain, response, {})).toThrow('m');
    expect(endpointAnswer(plain, { data: { code: 200, message: '', data: 7 } } as never, {})).toBe(7);
  });
});

describe('queries', () => {
  it('leaves out undefined, null and empty values', () => {
    expect(queryOf({ a: 'x', b: '', c: null, d: undefined, e: 0 })).toEqual({ a: 'x', e: '0' });
    expect(urlOf('/api/admin/audit/', { page: 2, q: '' })).toBe('/api/admin/audit/?page=2');
    expect(urlOf('/api/admin/audit/')).toBe('/api/admin/audit/');
  });
});
