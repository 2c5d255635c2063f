// GET /api/ccw_crm/policy/match/customers/export/ (blob): the customers matching a policy item as .xlsx.
import { POLICY_TOOLS_API } from '@uc/shared';
import { downloadFile } from '../../../lib/http/download';

export function exportMatchCustomers(params: { id: number; status?: string }): Promise<string> {
  return downloadFile(POLICY_TOOLS_API.matchCustomersExport, { params, fallbackName: '政策客户匹配.xlsx' });
}
