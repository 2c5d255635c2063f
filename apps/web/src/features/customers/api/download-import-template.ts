// GET /api/ccw/customers/import/template/ (blob): the .xlsx template to fill in, downloaded with the session.
import { CUSTOMER_BOOK_API, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<Blob>()('GET', CUSTOMER_BOOK_API.importTemplate, { answer: 'file' });

export const downloadImportTemplate = (): Promise<string> =>
  call(ENDPOINT, { fallbackName: '客户导入模板.xlsx' });
