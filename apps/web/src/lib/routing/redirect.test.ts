import { describe, expect, it } from 'vitest';
import { allowedToolUrl, postLoginTarget, sanitizeRedirect } from './redirect';

describe('sanitizeRedirect', () => {
  it.each([
    ['/news', '/news'],
    ['/taocandetail?gid=13&state=2', '/taocandetail?gid=13&state=2'],
    ['/usercenter/news?x=1#top', '/news?x=1#top'],
    ['/usercenter', '/'],
    ['/usercenterx', '/usercenterx'],
    ['/a/../news', '/news'],
  ])('keeps the in-app path %s', (raw, expected) => {
    expect(sanitizeRedirect(raw)).toBe(expected);
  });

  it.each([
    null,
    '',
    'news',
    '//evil.com',
    '//evil.com/usercenter',
    '/\\evil.com',
    '\\\\evil.com',
    'https://evil.com/x',
    'http:/evil.com',
    'javascript:alert(1)',
    '/\t/evil.com',
    '/\n/evil.com',
    ' //evil.com',
  ])('rejects %j', (raw) => {
    expect(sanitizeRedirect(raw)).toBeNull();
  });
});

describe('postLoginTarget', () => {
  it('goes to the redirect, or the root', () => {
    expect(postLoginTarget('/news', 22)).toBe('/news');
    expect(postLoginTarget(null, 22)).toBe('/');
    expect(postLoginTarget('//evil.com', 22)).toBe('/');
  });
  it('sends members above level 10 away from the package pages', () => {
    expect(postLoginTarget('/vip/index', 22)).toBe('/');
    expect(postLoginTarget('/taocandetail?gid=13', 11)).toBe('/');
    expect(postLoginTarget('/usercenter/vip/index#vip', 30)).toBe('/');
  });
  it('lets trial users and visitors-turned-members at level 10 reach them', () => {
    expect(postLoginTarget('/vip/index', 10)).toBe('/vip/index');
    expect(postLoginTarget('/taocandetail?gid=13&state=2', 0)).toBe('/taocandetail?gid=13&state=2');
  });
  it('never returns to an auth page', () => {
    expect(postLoginTarget('/checklogin/index', 0)).toBe('/');
  });
});

describe('allowedToolUrl', () => {
  const hosts = ['http://localhost:8091', 'tools.chacewang.com'];
  it('accepts http(s) URLs on a configured tool host', () => {
    expect(allowedToolUrl('http://localhost:8091/__dev/tool', hosts)).toBe(
      'http://localhost:8091/__dev/tool',
    );
    expect(allowedToolUrl('https://tools.chacewang.com/rd?x=1', hosts)).toBe(
      'https://tools.chacewang.com/rd?x=1',
    );
  });
  it.each([
    'http://localhost:8092/__dev/tool',
    'http://tools.chacewang.com/rd',
    'https://evil.com/',
    'javascript:alert(1)',
    'data:text/html,hi',
    '/news',
    'http://user:pw@localhost:8091/',
  ])('ignores %s', (raw) => {
    expect(allowedToolUrl(raw, hosts)).toBeNull();
  });
  it('ignores everything when no tool host is configured', () => {
    expect(allowedToolUrl('http://localhost:8091/__dev/tool', [])).toBeNull();
  });
});
