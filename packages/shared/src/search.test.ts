import { describe, expect, it } from 'vitest';
import { markedParts, searchQuery, searchWords } from './search.js';

describe('search', () => {
  it('splits a search text into words on ASCII and full-width spaces', () => {
    expect(searchWords(' 专精特新　小巨人  奖励 ')).toEqual(['专精特新', '小巨人', '奖励']);
  });

  it('turns a highlighted text into plain pieces and marks, never markup', () => {
    expect(markedParts('&#60;b&#62; <mark>研发&#38;</mark>费用 &amp; <mark>x</mark>')).toEqual([
      { text: '<b> ', mark: false },
      { text: '研发&', mark: true },
      { text: '费用 & ', mark: false },
      { text: 'x', mark: true },
    ]);
    expect(markedParts('')).toEqual([]);
  });

  it('checks the query', () => {
    expect(searchQuery.safeParse({ q: ' 研发 ' }).data).toEqual({ q: '研发' });
    expect(searchQuery.safeParse({ q: '研' }).success).toBe(false);
    expect(searchQuery.safeParse({ q: '研发', from: '2026-02-30' }).success).toBe(false);
    expect(searchQuery.safeParse({ q: '研发', from: '2028-02-29' }).success).toBe(true);
    expect(searchQuery.safeParse({ q: '研发', from: '2026-05-02', to: '2026-05-01' }).success).toBe(false);
  });
});
