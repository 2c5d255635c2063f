import { describe, expect, it } from 'vitest';
import {
  distinctGrams,
  minuteKey,
  noticeKey,
  noticeText,
  noticeTokens,
} from '../../db/migrations/notice-grams.js';
import { excerpt, highlight, matchRanges } from './highlight.js';

describe('noticeText', () => {
  it('drops markup, scripts and comments, decodes references and keeps blocks apart', () => {
    expect(
      noticeText(
        '<h2>一、条件</h2><p>研发&amp;创新&nbsp;&#x4E2D;&#20013;</p><!-- x --><script>alert(1)</script><table><tr><td>甲</td><td>乙</td></tr></table>',
      ),
    ).toBe('一、条件\n研发&创新 中中\n甲\n乙');
    expect(noticeText('第一段\n\n第二段 &bogus; &#0; &#xFFFFFF;')).toBe(
      '第一段\n第二段 &bogus; &#0; &#xFFFFFF;',
    );
  });
});

describe('grams and keys', () => {
  it('tokens are the pairs in order (Latin folded); PostgreSQL keeps the distinct pairs', () => {
    expect(noticeTokens('研发A')).toBe(noticeTokens('研发a'));
    expect(noticeTokens('研发').split(' ')).toHaveLength(1);
    expect(distinctGrams('研发研发AB')).toEqual(['研发', '发研', '发a', 'ab']);
  });

  it('orders keys by publish minute, apart per kind and id, inside a JavaScript number', () => {
    const at = '2026-11-29T10:00:30.000Z';
    expect(noticeKey('policy', 5, at)).toBeLessThan(noticeKey('policy', 1, '2026-11-29T10:01:00.000Z'));
    expect(noticeKey('policy', 5, at)).not.toBe(noticeKey('news', 5, at));
    expect(noticeKey('policy', 5, at)).toBeGreaterThanOrEqual(minuteKey(at));
    expect(noticeKey('news', 2 ** 26 - 1, '9999-12-31T00:00:00.000Z')).toBeLessThanOrEqual(
      Number.MAX_SAFE_INTEGER,
    );
    expect(minuteKey('1990-01-01T00:00:00.000Z')).toBe(0);
  });
});

describe('highlight', () => {
  it('marks every occurrence of every word, merged, case-insensitively for Latin letters', () => {
    expect(matchRanges('研发费用研发', ['研发', '发费'])).toEqual([
      [0, 3],
      [4, 6],
    ]);
    expect(highlight('R&D研发 center', ['r&d', 'CENTER'])).toBe(
      '<mark>R&#38;D</mark>研发 <mark>center</mark>',
    );
  });

  it('escapes everything else, hostile titles included', () => {
    expect(highlight('<img src=x onerror=alert(1)>研发', ['研发'])).toBe(
      '&#60;img src=x onerror=alert(1)&#62;<mark>研发</mark>',
    );
    expect(highlight('"><script>', ['script'])).toBe('&#34;&#62;&#60;<mark>script</mark>&#62;');
  });
});

describe('excerpt', () => {
  const body = `${'前'.repeat(100)}研发费用${'后'.repeat(200)}`;

  it('shows the text around the first match, cut ends marked', () => {
    const html = excerpt(body, ['研发费用'], 40);
    expect(html).toBe(`…${'前'.repeat(30)}<mark>研发费用</mark>${'后'.repeat(6)}…`);
  });

  it('shows the start when the body does not hold a word (a title match)', () => {
    expect(excerpt('短正文\n第二行', ['标题'])).toBe('短正文 第二行');
    expect(excerpt(body, ['标题'], 10)).toBe(`${'前'.repeat(10)}…`);
  });

  it('never splits a character outside the BMP', () => {
    const emoji = `${'😀'.repeat(50)}研发`;
    const html = excerpt(emoji, ['研发'], 21);
    expect(html).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });
});
