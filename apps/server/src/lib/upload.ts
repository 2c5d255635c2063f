// A route receiving one uploaded file: multipart accepted in a scope of its own (so no other route accepts multipart
// bodies), and the file read whole, each way it can fail answered with the route's own error.
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { dataAt } from './routes.js';

type ZodApp = Parameters<typeof dataAt>[0];

/** Mounts (`mount`) routes that accept a form of one file of at most `fileSize` bytes and a few short fields. */
export async function uploadScope(
  app: ZodApp,
  fileSize: number,
  mount: (scope: ZodApp) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });
    await mount(scope);
  });
}

/** The errors an upload is refused with: a file over the scope's limit, and any other failure (no file, an empty one). */
export interface UploadRefusals {
  tooLarge: () => Error;
  missing: () => Error;
}

/** The request's file, read whole, with the name it was sent under. */
export async function uploadedFile(
  request: FastifyRequest,
  refuse: UploadRefusals,
): Promise<{ bytes: Buffer; fileName: string }> {
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  let bytes: Buffer;
  try {
    file = await request.file();
    bytes = file ? await file.toBuffer() : Buffer.alloc(0);
  } catch (error) {
    throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
      ? refuse.tooLarge()
      : refuse.missing();
  }
  if (!file || bytes.length === 0) throw refuse.missing();
  return { bytes, fileName: file.filename };
}
