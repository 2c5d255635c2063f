// The file store on disk and in an S3-compatible bucket (s3rver, a local S3 server, stands in for the real one):
// put, get, remove, a missing key, and keys that would leave the store refused.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore, type FileStore } from './file-store.js';

let dir: string;
let s3: S3rver;
let endpoint: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'uc-files-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'notices', configs: [] }],
  });
  const { port } = (await s3.run()) as { port: number };
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const stores: [string, () => FileStore][] = [
  ['disk', () => createFileStore({ dir: path.join(dir, 'disk'), s3: null })],
  [
    's3',
    () =>
      createFileStore({
        dir: '',
        s3: {
          bucket: 'notices',
          endpoint,
          region: 'us-east-1',
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          forcePathStyle: true,
        },
      }),
  ],
];

describe.each(stores)('the %s store', (_name, make) => {
  it('keeps, reads and removes a file', async () => {
    const store = make();
    const bytes = Buffer.from('%PDF-1.4 申报指南');
    await store.put('notices/2026-11/a1', bytes, 'application/pdf');
    expect((await store.get('notices/2026-11/a1'))?.equals(bytes)).toBe(true);
    await store.remove('notices/2026-11/a1');
    expect(await store.get('notices/2026-11/a1')).toBeNull();
    expect(await store.get('notices/none')).toBeNull();
    await store.remove('notices/none');
  });

  it('refuses keys that would leave the store', async () => {
    const store = make();
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', ''])
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/bad key/);
  });
});
