import { describe, expect, it } from 'vitest';
import { fileNameOf } from './save-file.js';

describe('fileNameOf', () => {
  it('prefers the UTF-8 name of RFC 6266', () => {
    expect(
      fileNameOf(
        `attachment; filename="?????-20261124.xlsx"; filename*=UTF-8''${encodeURIComponent('我的客户-20261124.xlsx')}`,
        'x.xlsx',
      ),
    ).toBe('我的客户-20261124.xlsx');
    expect(fileNameOf(`attachment; filename*=utf-8''${encodeURIComponent('审计日志.xlsx')}`, 'x.xlsx')).toBe(
      '审计日志.xlsx',
    );
  });
  it('falls back to the plain name, then to the given one', () => {
    expect(fileNameOf('attachment; filename="a.xlsx"', 'x.xlsx')).toBe('a.xlsx');
    expect(fileNameOf('attachment; FILENAME=b.xlsx', 'x.xlsx')).toBe('b.xlsx');
    expect(fileNameOf(undefined, 'x.xlsx')).toBe('x.xlsx');
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A", 'x.xlsx')).toBe('x.xlsx');
  });
});
