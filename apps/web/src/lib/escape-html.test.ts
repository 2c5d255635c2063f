import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('turns markup into inert text', () => {
    expect(escapeHtml('<img src=x onerror=window.__xss=1>')).toBe('&lt;img src=x onerror=window.__xss=1&gt;');
    expect(escapeHtml(`<b id="a">'x' & y</b>`)).toBe(
      '&lt;b id=&quot;a&quot;&gt;&#39;x&#39; &amp; y&lt;/b&gt;',
    );
  });

  it('prints numbers and leaves plain text as it is', () => {
    expect(escapeHtml(12.5)).toBe('12.5');
    expect(escapeHtml(undefined)).toBe('');
    expect(escapeHtml('深圳市科技创新委员会')).toBe('深圳市科技创新委员会');
  });
});
