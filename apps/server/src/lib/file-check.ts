// Whether an uploaded file may be kept: at most UPLOAD_MAX_MB, of a type the platform takes (PDF, Word, Excel, images)
// by its extension, and with content of that type (sniffed by its magic bytes: a renamed .exe or an HTML file named
// .png is refused). The old .doc and .xls are Compound File Binary containers; .docx and .xlsx are zip packages whose
// parts name them.
import { MSG, MSG_WITH } from '@uc/shared';
import { fileTypeFromBuffer } from 'file-type';

/** What an extension says a file is, and the sniffed types its content may have. */
const TYPES: Record<string, { mime: string; sniffed: readonly string[]; image: boolean }> = {
  pdf: { mime: 'application/pdf', sniffed: ['application/pdf'], image: false },
  doc: { mime: 'application/msword', sniffed: ['application/x-cfb'], image: false },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    sniffed: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    image: false,
  },
  xls: { mime: 'application/vnd.ms-excel', sniffed: ['application/x-cfb'], image: false },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    sniffed: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    image: false,
  },
  png: { mime: 'image/png', sniffed: ['image/png'], image: true },
  jpg: { mime: 'image/jpeg', sniffed: ['image/jpeg'], image: true },
  jpeg: { mime: 'image/jpeg', sniffed: ['image/jpeg'], image: true },
  gif: { mime: 'image/gif', sniffed: ['image/gif'], image: true },
  webp: { mime: 'image/webp', sniffed: ['image/webp'], image: true },
};

/** The largest upload in bytes for a limit in MB. */
export const uploadMaxBytes = (maxMb: number): number => maxMb * 1024 * 1024;

/** Why a file is refused: its Chinese message. */
export class FileRefused extends Error {}

export interface CheckedFile {
  /** The mime its extension names (the content agrees). */
  mime: string;
  image: boolean;
}

/** The file's type when it may be kept; throws FileRefused with the Chinese message otherwise. */
export async function checkUpload(fileName: string, bytes: Buffer, maxMb: number): Promise<CheckedFile> {
  if (bytes.length === 0) throw new FileRefused(MSG.fileMissing);
  if (bytes.length > uploadMaxBytes(maxMb)) throw new FileRefused(MSG_WITH.fileTooLarge(maxMb));
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const type = TYPES[extension];
  if (!type) throw new FileRefused(MSG.fileTypeUnsupported);
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !type.sniffed.includes(sniffed.mime)) throw new FileRefused(MSG.fileTypeMismatch);
  return { mime: type.mime, image: type.image };
}
