import { describe, expect, it } from 'vitest';
import { answerKey } from './page-answers.js';

describe('answerKey', () => {
  it('names a call alike with or without the leading slash, with the query in the URL or in params', () => {
    expect(answerKey('auth/info/')).toBe('auth/info/');
    expect(answerKey('/auth/info/')).toBe('auth/info/');
    expect(answerKey('/api/x/', { size: 10, page: 1 })).toBe('api/x/?page=1&size=10');
    expect(answerKey('/api/x/?size=10&page=1')).toBe(answerKey('/api/x/', { page: 1, size: 10 }));
  });

  it('keeps empty values, leaves out absent ones and encodes the rest', () => {
    expect(answerKey('/api/c/', { q: '' })).toBe('api/c/?q=');
    expect(answerKey('/api/c/', { q: undefined, name: null, size: 9 })).toBe('api/c/?size=9');
    expect(answerKey('/api/c/', { q: '科技 & 深圳' })).toBe(`api/c/?q=${encodeURIComponent('科技 & 深圳')}`);
  });
});
