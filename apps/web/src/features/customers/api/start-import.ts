// POST /api/ccw/customers/import/ (multipart, one part `file`: the filled-in .xlsx template, at most 2 MB): starts an
// import job, answered at once and processed in the background.
import { useMutation } from '@tanstack/react-query';
import { CUSTOMER_BOOK_API, endpoint, type ImportJob } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<ImportJob, { file: File }>()('POST', CUSTOMER_BOOK_API.importStart, {
  body: 'multipart',
});

export function startImport(file: Blob): Promise<ImportJob> {
  // The job keeps the file's name (the result file and the dialog show it).
  const named = file instanceof File ? file : new File([file], '客户导入.xlsx', { type: file.type });
  return call(ENDPOINT, { input: { file: named } });
}

export const useStartImport = () => useMutation({ mutationFn: startImport });
