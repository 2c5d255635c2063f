// GET exportCustomers/ (blob): the filtered list as .xlsx, saved under the server's dated file name.
import { CUSTOMER_EXPORT_API, type CustomersExportQuery, endpoint } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<Blob, CustomersExportQuery>()('GET', CUSTOMER_EXPORT_API, { answer: 'file' });

export function exportCustomers(params: CustomersExportQuery): Promise<string> {
  return call(ENDPOINT, { input: params, fallbackName: '我的客户.xlsx' });
}
