import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberText } from './number-text';

describe('numberText', () => {
  it('groups digits and keeps at most the decimals asked for', () => {
    expect(numberText(1234567)).toBe('1,234,567');
    expect(numberText(12345.6789)).toBe('12,345.679');
    expect(numberText(0.123456, 4)).toBe('0.1235');
    expect(numberText(-42)).toBe('-42');
    expect(numberText(-0.0001)).toBe('0');
    expect(numberText(100)).toBe('100');
    // Rounded from the shortest decimal of the number, as Intl rounds it.
    expect(numberText(999865233.5799135, 6)).toBe('999,865,233.579914');
    expect(numberText(5e-7, 6)).toBe('0.000001');
    expect(numberText(9.9996, 3)).toBe('10');
    expect(numberText(-999.9995, 3)).toBe('-1,000');
  });

  it('prints what toLocaleString("zh-CN") prints', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1e12, max: 1e12 }),
          fc.double({ min: -1e9, max: 1e9, noNaN: true }),
          fc.double({ min: -1e-3, max: 1e-3, noNaN: true }),
        ),
        fc.integer({ min: 0, max: 6 }),
        (value, decimals) => {
          const expected = value.toLocaleString('zh-CN', { maximumFractionDigits: decimals });
          expect(numberText(value, decimals)).toBe(expected === '-0' ? '0' : expected);
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
