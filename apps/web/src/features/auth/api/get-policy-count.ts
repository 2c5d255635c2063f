// GET /api/all/policy/count/ (public): the platform's policy totals by category, for the sign-in pages' brand panel.
import { ACCOUNT_API, CODE, type Envelope, type PolicyCountItem } from '@uc/shared';
import { http } from '../../../lib/http/http';

/** The totals, or an empty list when they cannot be had (the panel keeps its placeholders). */
export async function getPolicyCount(): Promise<PolicyCountItem[]> {
  const res = await http.get<Envelope<PolicyCountItem[]>>(ACCOUNT_API.policyCount, { silent: true });
  return res.data.code === CODE.ok && Array.isArray(res.data.data) ? res.data.data : [];
}
