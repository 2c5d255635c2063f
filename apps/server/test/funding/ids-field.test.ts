// The `ids` field of the funding delete call: '3,5,8' from a form, numbers or arrays from JSON.
import { describe, expect, it } from 'vitest';
import { idsField } from '../../src/modules/funding/routes.js';

describe('funding ids', () => {
  it('parses a comma string, numbers and arrays; rejects the rest', () => {
    expect(idsField.parse('3,5,8')).toEqual([3, 5, 8]);
    expect(idsField.parse(' 3 , 3 ')).toEqual([3]);
    expect(idsField.parse(7)).toEqual([7]);
    expect(idsField.parse(['4', 9])).toEqual([4, 9]);
    for (const bad of ['', '  ', 'a', '3,', '1.5', '0', null, {}])
      expect(idsField.safeParse(bad).success).toBe(false);
  });
});
