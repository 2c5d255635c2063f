// Reads the payment keys from the configuration: PEM text (real newlines or "\n" escapes), bare base64 DER
// (as Alipay's console shows its keys), or the path of a file holding either.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

type KeyKind = 'private' | 'public';

/** DER encodings tried, in order, for bare base64. */
const DER_TYPES = {
  private: ['pkcs8', 'pkcs1'],
  public: ['spki', 'pkcs1'],
} as const;

function parseText(text: string, kind: KeyKind): KeyObject {
  const create = kind === 'private' ? createPrivateKey : createPublicKey;
  const value = text.trim().replace(/\\n/g, '\n');
  if (value.includes('-----BEGIN')) return create({ key: value, format: 'pem' });
  const compact = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new Error('not PEM or base64');
  const der = Buffer.from(compact, 'base64');
  const attempts =
    kind === 'private'
      ? DER_TYPES.private.map((type) => () => createPrivateKey({ key: der, format: 'der', type }))
      : DER_TYPES.public.map((type) => () => createPublicKey({ key: der, format: 'der', type }));
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch {
      // the next encoding
    }
  }
  throw new Error('base64 that is not a key');
}

function loadKey(value: string, kind: KeyKind, name: string): KeyObject {
  const trimmed = value.trim();
  if (!trimmed) throw new Error(`${name} is empty`);
  let text = trimmed;
  const isPath = !trimmed.includes('-----BEGIN') && trimmed.length < 4096 && existsSync(trimmed);
  if (isPath) {
    try {
      text = readFileSync(trimmed, 'utf8');
    } catch (error) {
      throw new Error(`${name}: cannot read ${trimmed} (${(error as Error).message})`);
    }
  }
  try {
    return parseText(text, kind);
  } catch (error) {
    const where = isPath ? `the file ${trimmed}` : 'the value';
    throw new Error(`${name}: ${where} is not a readable ${kind} key (${(error as Error).message})`);
  }
}

/** An RSA private key; `name` (the variable) is named in the error, the key never is. */
export function loadPrivateKey(value: string, name: string): KeyObject {
  return loadKey(value, 'private', name);
}

/** An RSA public key (or the public half of a certificate's key); `name` as for loadPrivateKey. */
export function loadPublicKey(value: string, name: string): KeyObject {
  return loadKey(value, 'public', name);
}

/** PKCS#8 PEM for a private key, SPKI PEM for a public one, without a final newline: what the SDKs accept. */
export function toPem(key: KeyObject): string {
  const pem = key.export(
    key.type === 'private' ? { type: 'pkcs8', format: 'pem' } : { type: 'spki', format: 'pem' },
  );
  return String(pem).trim();
}
