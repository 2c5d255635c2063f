// GET /api/ccw_crm/policy/match/export/?id= (blob): the exact match of a customer's saved answers as .xlsx.
import { endpoint, POLICY_TOOLS_API, type PolicyCustomerQuery } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<Blob, PolicyCustomerQuery>()('GET', POLICY_TOOLS_API.matchExport, {
  answer: 'file',
});

/** Saved under the server's name, else 政策匹配-<name>.xlsx. */
export function exportMatch(customerId: number, name: string): Promise<string> {
  return call(ENDPOINT, { input: { id: customerId }, fallbackName: `政策匹配-${name}.xlsx` });
}
