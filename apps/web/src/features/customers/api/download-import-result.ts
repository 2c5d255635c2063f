// GET /api/ccw/customers/import/{id}/result/ (blob): a finished import's rows with what became of each.
import { CUSTOMER_BOOK_API, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<Blob>()('GET', CUSTOMER_BOOK_API.importResult, { answer: 'file' });

export const downloadImportResult = (id: number): Promise<string> =>
  call(ENDPOINT, { id, fallbackName: '客户导入结果.xlsx' });
