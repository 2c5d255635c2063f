// GET /api/ccw/customers/import/template/ (blob): the .xlsx template to fill in, downloaded with the session.
import { CUSTOMER_BOOK_API } from '@uc/shared';
import { downloadFile } from '../../../lib/http/download';

export const downloadImportTemplate = (): Promise<string> =>
  downloadFile(CUSTOMER_BOOK_API.importTemplate, { fallbackName: '客户导入模板.xlsx' });
