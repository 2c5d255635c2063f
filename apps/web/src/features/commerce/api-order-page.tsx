// /apiorder (API套餐): the order page of the API package (gid 14 unless given), 50,000 calls per unit.
import { useSearchParams } from 'react-router';
import { useAccess } from '../../lib/access';
import { useCusInfo } from '../../lib/session/api/get-cus-info';
import { useAuthStore } from '../../lib/session/auth-store';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { usePlanList } from './api/get-plan-list';
import { BadOrderLink } from './components/bad-order-link';
import { Checkout } from './components/checkout';
import { SubAccountResult } from './components/sub-account-result';
import { parseApiOrderParams } from './model/order-params';
import './commerce.css';

export function ApiOrderPage({ title }: { title?: string }) {
  useDocumentTitle(title || 'API套餐');
  const [search] = useSearchParams();
  const userId = useAuthStore((s) => s.id);
  const access = useAccess(useCusInfo(userId).data);
  const plans = usePlanList();
  const params = parseApiOrderParams(search);

  if (access.isSub) return <SubAccountResult />;
  if (!params) return <BadOrderLink />;
  const plan = plans.data?.find((p) => p.gid === params.gid);
  if (plan && plan.level !== null) return <BadOrderLink />;
  return <Checkout key={params.gid} params={params} kind="api" plan={plan} />;
}
