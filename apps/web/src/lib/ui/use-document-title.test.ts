import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle } from './use-document-title';

describe('documentTitle', () => {
  it('puts the page before the site title', () => {
    expect(documentTitle('最新发布')).toBe('最新发布 - 查策网 - 会员中心');
    expect(documentTitle('账户信息')).toBe('账户信息 - 查策网 - 会员中心');
  });

  it('names the site once: the dashboard (menu title 会员中心) and a page without a title read 查策网 - 会员中心', () => {
    expect(documentTitle('会员中心')).toBe('查策网 - 会员中心');
    expect(documentTitle(' 会员中心 ')).toBe('查策网 - 会员中心');
    expect(documentTitle('查策网')).toBe('查策网 - 会员中心');
    expect(documentTitle('')).toBe('查策网 - 会员中心');
    expect(documentTitle(undefined)).toBe('查策网 - 会员中心');
  });

  it('sets document.title', () => {
    const { rerender } = renderHook(({ title }) => useDocumentTitle(title), {
      initialProps: { title: '会员中心' as string | undefined },
    });
    expect(document.title).toBe('查策网 - 会员中心');
    rerender({ title: '我的客户' });
    expect(document.title).toBe('我的客户 - 查策网 - 会员中心');
  });
});
