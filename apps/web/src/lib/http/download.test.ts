import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';

describe('fileNameOf', () => {
  it('prefers the UTF-8 name of RFC 6266', () => {
    expect(
      fileNameOf(
        `attachment; filename="?????-20261124.xlsx"; filename*=UTF-8''${encodeURIComponent('我的客户-20261124.xlsx')}`,
        'x.xlsx',
      ),
    ).toBe('我的客户-20261124.xlsx');
  });
  it('falls back to the plain name, then to the given one', () => {
    expect(fileNameOf('attachment; filename="a.xlsx"', 'x.xlsx')).toBe('a.xlsx');
    expect(fileNameOf(undefined, 'x.xlsx')).toBe('x.xlsx');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A", 'x.xlsx')).toBe('x.xlsx');
  });
});
