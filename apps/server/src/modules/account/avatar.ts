// Avatar files: PNG or JPEG recognised by their first bytes (never by the client's content type), stored under
// DATA_DIR/uploads/avatars/<random>.png|jpg and served by this server at /uploads/avatars/<name>.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_URL_PREFIX } from '../../lib/avatar-url.js';

/** A stored file name: 32 hex characters and the extension the bytes decided. */
export const AVATAR_FILE = /^[0-9a-f]{32}\.(png|jpg)$/;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** 'png' or 'jpg' from the file's magic bytes, null for anything else. */
export function imageKind(bytes: Buffer): 'png' | 'jpg' | null {
  if (bytes.length >= PNG.length && bytes.subarray(0, PNG.length).equals(PNG)) return 'png';
  if (bytes.length >= JPEG.length && bytes.subarray(0, JPEG.length).equals(JPEG)) return 'jpg';
  return null;
}

export const avatarDir = (dataDir: string) => path.join(dataDir, 'uploads', 'avatars');

/** Writes the file under a random name; returns the stored avatar value (its URL path on this server). */
export async function storeAvatar(dataDir: string, bytes: Buffer, kind: 'png' | 'jpg'): Promise<string> {
  const dir = avatarDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.${kind}`;
  await writeFile(path.join(dir, name), bytes, { flag: 'wx' });
  return `${AVATAR_URL_PREFIX}${name}`;
}
