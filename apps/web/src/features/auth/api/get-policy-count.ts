// GET /api/all/policy/count/ (public): the platform's policy totals by category, for the sign-in pages' brand panel.
import { ACCOUNT_API, CODE, endpoint, type PolicyCountItem } from '@uc/shared';
import { call } from '../../../lib/http/http';

const ENDPOINT = endpoint<PolicyCountItem[]>()('GET', ACCOUNT_API.policyCount, { answer: 'envelope' });

/** The totals, or an empty list when they cannot be had (the panel keeps its placeholders). */
export async function getPolicyCount(): Promise<PolicyCountItem[]> {
  const envelope = await call(ENDPOINT, { silent: true });
  return envelope.code === CODE.ok && Array.isArray(envelope.data) ? envelope.data : [];
}
