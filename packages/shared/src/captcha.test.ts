import { describe, expect, it } from 'vitest';
import { sliderVerifyBody } from './captcha.js';

describe('sliderVerifyBody', () => {
  it('accepts a slider answer from a form', () => {
    expect(sliderVerifyBody.parse({ username: 'k', blockX: '120.5', duration: '800' })).toMatchObject({
      blockX: 120.5,
      duration: 800,
    });
  });
});
