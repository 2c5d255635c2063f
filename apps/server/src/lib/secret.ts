// The JWT signing secret of the embedded shape: generated on first start and kept in the data folder (mode 0600).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const SECRET_FILE = 'jwt-secret';
const MIN_LENGTH = 32;

const isErrno = (error: unknown, code: string) =>
  error instanceof Error && 'code' in error && error.code === code;

async function readSecret(file: string): Promise<string | null> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return null;
    throw error;
  }
}

async function createSecret(file: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx' fails if another instance created the file meanwhile; its secret then wins.
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return (await readFile(file, 'utf8')).trim();
    throw error;
  }
}

export async function readOrCreateSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, SECRET_FILE);
  const secret = (await readSecret(file)) ?? (await createSecret(file));
  if (secret.length < MIN_LENGTH) {
    throw new Error(`${file} holds fewer than ${MIN_LENGTH} characters; delete it to generate a new secret`);
  }
  return secret;
}
