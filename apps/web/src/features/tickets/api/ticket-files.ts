// POST /api/ccw/tickets/files/ (multipart, `file`): an attachment uploaded before the ticket or reply that carries it;
// GET /api/ccw/tickets/{id}/files/{fileId}/: one, saved under its name (a plain link would not carry the token).
import { endpoint, TICKET_API, type TicketFile } from '@uc/shared';
import { call } from '../../../lib/http/http';

const UPLOAD = endpoint<TicketFile, { file: Blob }>()('POST', TICKET_API.files, { body: 'multipart' });
const DOWNLOAD = endpoint<Blob>()('GET', TICKET_API.file, { answer: 'file' });

/** Uploads can take longer than an ordinary call. */
const UPLOAD_TIMEOUT_MS = 120_000;

export function uploadTicketFile(file: File, onProgress: (percent: number) => void): Promise<TicketFile> {
  return call(UPLOAD, {
    input: { file },
    timeout: UPLOAD_TIMEOUT_MS,
    onUploadProgress: (event) => {
      if (event.total) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    },
  });
}

export function downloadTicketFile(ticketId: number, file: TicketFile): Promise<string> {
  return call(DOWNLOAD, { id: [ticketId, file.id], fallbackName: file.name });
}
