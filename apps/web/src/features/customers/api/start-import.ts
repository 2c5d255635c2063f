// POST /api/ccw/customers/import/ (multipart, one part `file`: the filled-in .xlsx template, at most 2 MB): starts an
// import job, answered at once and processed in the background.
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { CUSTOMER_BOOK_API, type Envelope, type ImportJob } from '@uc/shared';
import { http } from '../../../lib/http/http';

export async function startImport(file: Blob): Promise<ImportJob> {
  const form = new FormData();
  // The job keeps the file's name (the result file and the dialog show it).
  form.append('file', file, file instanceof File ? file.name : '客户导入.xlsx');
  // The browser writes the multipart boundary itself.
  const res = await http.post<Envelope<ImportJob>>(CUSTOMER_BOOK_API.importStart, form, {
    headers: { 'Content-Type': undefined },
  });
  return unwrap(res.data);
}

export const useStartImport = () => useMutation({ mutationFn: startImport });
