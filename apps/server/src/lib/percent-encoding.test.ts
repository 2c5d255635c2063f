import { describe, expect, it } from 'vitest';
import { isUtf8Escaped, parseFormFields } from './percent-encoding.js';

describe('isUtf8Escaped', () => {
  it.each([
    '',
    'a=1&b=2',
    'name=%E4%BD%A0%E5%A5%BD',
    'emoji=%F0%9F%98%80',
    'rate=50%',
    'x=%zz',
    'x=%2',
    'x=%25FF',
    '%00',
  ])('accepts %j', (text) => expect(isUtf8Escaped(text)).toBe(true));

  it.each([
    'x=%ED%A0%80',
    'x=%ED%BF%BF',
    'x=%FF',
    'x=%C0%AF',
    'x=%E4%BD',
    'x=%E4%BD&y=%A0',
    '%80=1',
    'x=%F4%90%80%80',
  ])('refuses %j', (text) => expect(isUtf8Escaped(text)).toBe(false));
});

describe('parseFormFields', () => {
  it('decodes fields, spaces and repeated names, and keeps __proto__ an ordinary field', () => {
    const fields = parseFormFields('a=%E4%BD%A0+b&a=2&c&__proto__=x&rate=50%');
    expect({ ...fields }).toEqual({ a: ['你 b', '2'], c: '', ['__proto__']: 'x', rate: '50%' });
    expect(Object.getPrototypeOf(fields)).toBeNull();
  });
});
