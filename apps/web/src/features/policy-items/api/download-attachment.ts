// GET /api/ccw/files/{id}/ (a file): one attachment of a notice, downloaded with the session under its own name.
import { endpoint, NOTICE_FILE_API, type NoticeAttachment } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<Blob>()('GET', NOTICE_FILE_API.file, { answer: 'file' });

export const downloadAttachment = (file: Pick<NoticeAttachment, 'id' | 'name'>): Promise<string> =>
  call(ENDPOINT, { id: file.id, fallbackName: file.name });
