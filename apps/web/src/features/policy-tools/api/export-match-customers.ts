// GET /api/ccw_crm/policy/match/customers/export/ (blob): the customers matching a policy item as .xlsx.
import { endpoint, POLICY_TOOLS_API } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<Blob, { id: number; status?: string }>()(
  'GET',
  POLICY_TOOLS_API.matchCustomersExport,
  {
    answer: 'file',
  },
);

export function exportMatchCustomers(params: { id: number; status?: string }): Promise<string> {
  return call(ENDPOINT, { input: params, fallbackName: '政策客户匹配.xlsx' });
}
