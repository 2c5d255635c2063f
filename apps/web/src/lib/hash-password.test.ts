import { describe, expect, it } from 'vitest';
import { sha256Hex } from './hash-password';

describe('sha256Hex', () => {
  it('is the lowercase hex SHA-256 of the UTF-8 text (FIPS 180-2 vectors and a Chinese password)', async () => {
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sha256Hex('Demo12345')).toBe(
      '0139815934c04f0c77e45c53a820eebd22390537f9ea89c55ecad2341cf1a9e1',
    );
    expect(await sha256Hex('密码Abc123')).toBe(
      'edbe6182bd395e0b55cca366f4770fd2aded01ceae20bc8e46596feebed3ccf8',
    );
  });
});
