// GET exportCustomers/ (blob): the filtered list as .xlsx, saved under the server's dated file name.
import { CUSTOMER_EXPORT_API, type CustomersExportQuery } from '@uc/shared';
import { downloadFile } from '../../../lib/http/download';

export function exportCustomers(params: CustomersExportQuery): Promise<string> {
  return downloadFile(CUSTOMER_EXPORT_API, { params, fallbackName: '我的客户.xlsx' });
}
