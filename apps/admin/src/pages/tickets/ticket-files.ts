// A staff attachment uploaded before the answer carrying it (its progress told), and an attachment of a ticket saved
// under its name.
import { endpointPath, STAFF_CALLS, STAFF_TICKETS_API, type TicketFile } from '@uc/shared';
import { call, download } from '../../lib/http';

export function uploadStaffTicketFile(
  file: File,
  onProgress: (percent: number) => void,
): Promise<TicketFile> {
  const form = new FormData();
  form.append('file', file);
  return call(STAFF_CALLS.tickets.upload, {
    input: form,
    timeout: 120_000,
    onUploadProgress: (event) => {
      if (event.total) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    },
  });
}

export function downloadStaffTicketFile(ticketId: number, file: TicketFile): Promise<void> {
  return download(endpointPath(STAFF_TICKETS_API.file, [ticketId, file.id]), {}, file.name);
}
