// POST /api/ccw_crm/tools/facts/clear/: deletes the answers saved for a customer or a typed company name; the
// facts queries refetch, so the form returns to the platform's prefill.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { type Envelope, POLICY_TOOLS_API } from '@uc/shared';
import { http } from '../../../lib/http/http';
import type { Subject } from './assess';

export async function clearFacts(subject: Subject): Promise<{ message: string }> {
  const body =
    'customer_id' in subject ? { customer_id: subject.customer_id } : { company_name: subject.company_name };
  const res = await http.post<Envelope<{ message: string }>>(POLICY_TOOLS_API.clearFacts, body);
  return unwrap(res.data);
}

export function useClearFacts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearFacts,
    onSuccess: () => client.invalidateQueries({ queryKey: ['policy-tools'] }),
  });
}
