// Where uploaded files' bytes are kept: on disk (under DATA_DIR/files/ by default) or in an S3-compatible bucket when
// FILE_STORE_S3_BUCKET is set. Keys are chosen by the caller (letters, digits, '-', '_', '.', '/'); a key never reaches
// outside the store's directory.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface S3Settings {
  bucket: string;
  /** null: AWS S3. */
  endpoint: string | null;
  region: string;
  /** null: the SDK's default credentials. */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

export interface FileStoreSettings {
  /** The disk store's directory. */
  dir: string;
  /** null: keep files on disk. */
  s3: S3Settings | null;
}

export interface FileStore {
  put(key: string, bytes: Buffer, mime: string): Promise<void>;
  /** The bytes, or null when the key holds nothing. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing one is no error. */
  remove(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.'))
    throw new Error(`file store: bad key ${JSON.stringify(key)}`);
  return key;
}

const isMissing = (error: unknown) => {
  const e = error as { code?: string; name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    e.code === 'ENOENT' ||
    e.name === 'NoSuchKey' ||
    e.name === 'NotFound' ||
    e.$metadata?.httpStatusCode === 404
  );
};

function diskStore(dir: string): FileStore {
  const at = (key: string) => path.join(dir, ...checkKey(key).split('/'));
  return {
    async put(key, bytes) {
      const file = at(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written whole under another name first, so a reader never sees half a file.
      const partial = `${file}.${process.pid}.${Date.now()}.part`;
      await writeFile(partial, bytes);
      await rename(partial, file);
    },
    async get(key) {
      try {
        return await readFile(at(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(at(key), { force: true });
    },
  };
}

function s3Store(settings: S3Settings): FileStore {
  // Loaded on first use: a server keeping files on disk never loads the SDK.
  const client = import('@aws-sdk/client-s3').then((sdk) => ({
    sdk,
    s3: new sdk.S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    }),
  }));
  const Bucket = settings.bucket;
  return {
    async put(key, bytes, mime) {
      const { sdk, s3 } = await client;
      await s3.send(new sdk.PutObjectCommand({ Bucket, Key: checkKey(key), Body: bytes, ContentType: mime }));
    },
    async get(key) {
      const { sdk, s3 } = await client;
      try {
        const answer = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: checkKey(key) }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      const { sdk, s3 } = await client;
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
  };
}

/** The store the settings name: the S3 bucket when one is set, else the directory. */
export function createFileStore(settings: FileStoreSettings): FileStore {
  return settings.s3 ? s3Store(settings.s3) : diskStore(settings.dir);
}
