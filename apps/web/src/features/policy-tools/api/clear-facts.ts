// POST /api/ccw_crm/tools/facts/clear/: deletes the answers saved for a customer or a typed company name; the
// facts queries refetch, so the form returns to the platform's prefill.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoint, POLICY_TOOLS_API, type PolicySubjectBody } from '@uc/shared';
import { call } from '../../../lib/http/http';
import type { Subject } from './assess';

const ENDPOINT = endpoint<{ message: string }, PolicySubjectBody>()('POST', POLICY_TOOLS_API.clearFacts);

export function clearFacts(subject: Subject): Promise<{ message: string }> {
  const body =
    'customer_id' in subject ? { customer_id: subject.customer_id } : { company_name: subject.company_name };
  return call(ENDPOINT, { input: body });
}

export function useClearFacts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: clearFacts,
    onSuccess: () => client.invalidateQueries({ queryKey: ['policy-tools'] }),
  });
}
