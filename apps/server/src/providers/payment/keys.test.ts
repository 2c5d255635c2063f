import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPrivateKey, loadPublicKey, toPem } from './keys.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pkcs8 = String(privateKey.export({ type: 'pkcs8', format: 'pem' }));
const pkcs1 = String(privateKey.export({ type: 'pkcs1', format: 'pem' }));
const spki = String(publicKey.export({ type: 'spki', format: 'pem' }));
const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');

/** The loaded pair still signs and verifies together. */
const pairs = (priv: ReturnType<typeof loadPrivateKey>, pub: ReturnType<typeof loadPublicKey>) =>
  verify('RSA-SHA256', Buffer.from('x'), pub, sign('RSA-SHA256', Buffer.from('x'), priv));

describe('payment keys', () => {
  it('reads PEM text, with real or escaped newlines', () => {
    expect(pairs(loadPrivateKey(pkcs8, 'K'), loadPublicKey(spki, 'P'))).toBe(true);
    expect(
      pairs(loadPrivateKey(pkcs1.replace(/\n/g, '\\n'), 'K'), loadPublicKey(spki.replace(/\n/g, '\\n'), 'P')),
    ).toBe(true);
  });

  it('reads bare base64 as Alipay shows its keys', () => {
    expect(pairs(loadPrivateKey(bare(pkcs8), 'K'), loadPublicKey(bare(spki), 'P'))).toBe(true);
    expect(loadPrivateKey(bare(pkcs1), 'K').asymmetricKeyType).toBe('rsa');
  });

  it('reads a file path', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'uc-keys-'));
    writeFileSync(path.join(dir, 'key.pem'), pkcs8);
    writeFileSync(path.join(dir, 'pub.txt'), bare(spki));
    expect(
      pairs(loadPrivateKey(path.join(dir, 'key.pem'), 'K'), loadPublicKey(path.join(dir, 'pub.txt'), 'P')),
    ).toBe(true);
  });

  it('names the variable, never the value, when a key is unreadable', () => {
    expect(() => loadPrivateKey('', 'ALIPAY_PRIVATE_KEY')).toThrow('ALIPAY_PRIVATE_KEY is empty');
    expect(() => loadPrivateKey('not a key at all!', 'WECHATPAY_MERCHANT_PRIVATE_KEY')).toThrow(
      /^WECHATPAY_MERCHANT_PRIVATE_KEY: the value is not a readable private key/,
    );
    expect(() => loadPublicKey('QUJDRA==', 'ALIPAY_PUBLIC_KEY')).toThrow(/ALIPAY_PUBLIC_KEY: .*not a key/);
    expect(() => loadPrivateKey(spki, 'K')).toThrow(/^K: /);
  });

  it('writes PKCS#8 and SPKI PEM without a final newline', () => {
    const pem = toPem(loadPrivateKey(pkcs1, 'K'));
    expect(pem.startsWith('-----BEGIN PRIVATE KEY-----')).toBe(true);
    expect(pem.endsWith('-----END PRIVATE KEY-----')).toBe(true);
    expect(toPem(loadPublicKey(bare(spki), 'P'))).toBe(spki.trim());
  });
});
