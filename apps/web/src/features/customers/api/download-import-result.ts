// GET /api/ccw/customers/import/{id}/result/ (blob): a finished import's rows with what became of each.
import { bookPath, CUSTOMER_BOOK_API } from '@uc/shared';
import { downloadFile } from '../../../lib/http/download';

export const downloadImportResult = (id: number): Promise<string> =>
  downloadFile(bookPath(CUSTOMER_BOOK_API.importResult, { id }), { fallbackName: '客户导入结果.xlsx' });
