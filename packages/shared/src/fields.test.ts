import { describe, expect, it } from 'vitest';
import { DB_INT_MAX, hasIllegalChars, idField, isDbId, textField } from './fields.js';
import { MSG, MSG_WITH } from './messages.js';
import { firstIssue, rules } from './validation.js';

const check = (schema: { safeParse: (v: unknown) => unknown }, value: unknown) =>
  firstIssue(schema.safeParse(value) as Parameters<typeof firstIssue>[0]);

describe('ids', () => {
  it('accept 1..2,147,483,647 only, from text or JSON', () => {
    const id = idField(MSG.customerInvalid);
    expect(id.parse('1')).toBe(1);
    expect(id.parse(DB_INT_MAX)).toBe(DB_INT_MAX);
    for (const bad of [
      '0',
      '-1',
      '2147483648',
      '9223372036854775808',
      '1.5',
      'abc',
      '',
      'NaN',
      'Infinity',
      1e308,
    ]) {
      expect(check(id, bad), String(bad)).toBe(MSG.customerInvalid);
    }
    expect(isDbId(DB_INT_MAX)).toBe(true);
    expect(isDbId(DB_INT_MAX + 1)).toBe(false);
    expect(isDbId(0)).toBe(false);
  });
});

describe('text', () => {
  it('refuses NUL, other C0 controls, DEL and lone surrogates, with one message', () => {
    const field = textField(50);
    for (const bad of ['a\u0000b', '\u0007', 'a\u001bb', 'a\u007fb', '\uD800', 'x\uDFFFy', 'a\tb', 'a\nb']) {
      expect(check(field, bad), JSON.stringify(bad)).toBe(MSG.textInvalid);
    }
    for (const good of ['深圳市科技有限公司', '😀 ok', 'O\u2019Neil', '\u202Eevil', 'a b']) {
      expect(check(field, good), good).toBeNull();
    }
  });

  it('lets a multi-line field keep tab and line breaks, nothing else', () => {
    expect(hasIllegalChars('a\tb\r\nc', { multiline: true })).toBe(false);
    expect(hasIllegalChars('a\u0000b', { multiline: true })).toBe(true);
    expect(hasIllegalChars('a\tb')).toBe(true);
  });

  it('limits the length in characters as a person counts them', () => {
    const field = textField(3);
    expect(check(field, '😀😀😀')).toBeNull();
    expect(check(field, 'abcd')).toBe(MSG_WITH.textTooLong(3));
    expect(check(textField(3, { tooLong: MSG.companyTooLong }), 'abcd')).toBe(MSG.companyTooLong);
    expect(check(field, 12)).toBe(MSG.badRequest);
  });

  it('guards the shared form rules too', () => {
    expect(check(rules.company, '深圳\u0000公司')).toBe(MSG.textInvalid);
    expect(check(rules.loginUsername, 'demo\u0000user')).toBe(MSG.textInvalid);
    expect(check(rules.loginUsername, 'x'.repeat(65))).toBe('用户名过长');
    expect(check(rules.source, 'a\u0000')).toBe(MSG.textInvalid);
  });
});
