// /taocandetail?gid=&state=&isRenew= (套餐详情): the order page of a membership plan (docs/requirements.md §2, §4 order flow).
import { Select } from 'antd';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAccess } from '../../lib/access';
import type { MemberPlan } from '../../lib/renewal';
import { useCusInfo } from '../../lib/session/api/get-cus-info';
import { useAuthStore } from '../../lib/session/auth-store';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { usePlanList } from './api/get-plan-list';
import { BadOrderLink } from './components/bad-order-link';
import { Checkout } from './components/checkout';
import { SubAccountResult } from './components/sub-account-result';
import { parseOrderParams } from './model/order-params';
import { apiOrderPath, planAction } from './model/plan-actions';
import './commerce.css';

export function TaocanDetailPage({ title }: { title?: string }) {
  useDocumentTitle(title || '套餐详情');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const userId = useAuthStore((s) => s.id);
  const cusInfo = useCusInfo(userId);
  const access = useAccess(cusInfo.data);
  const plans = usePlanList();
  const params = parseOrderParams(search);

  if (access.isSub) return <SubAccountResult />;
  if (!params) return <BadOrderLink />;
  const plan = plans.data?.find((p) => p.gid === params.gid);
  // The API package has its own page (calls per unit, its own success page).
  if (plan && plan.level === null) return <Navigate to={apiOrderPath(plan.gid, params.count)} replace />;

  // Switching plan recreates the order and restarts the countdown (docs/requirements.md §4 step 8).
  const member: MemberPlan = { isSub: access.isSub, gid: cusInfo.data?.gid, level: access.level };
  const choices = (plans.data ?? []).flatMap((p) => {
    if (p.level === null || !p.on_sale) return [];
    const action = planAction(p, member);
    return 'to' in action ? [{ value: p.gid, label: p.name, to: action.to }] : [];
  });
  const switcher =
    choices.length > 1 && choices.some((c) => c.value === params.gid) ? (
      <Select
        size="small"
        aria-label="切换套餐"
        placeholder="切换套餐"
        value={null}
        options={choices.filter((c) => c.value !== params.gid).map(({ value, label }) => ({ value, label }))}
        popupMatchSelectWidth={false}
        onChange={(gid) => {
          const choice = choices.find((c) => c.value === gid);
          if (choice) navigate(choice.to, { replace: true });
        }}
        style={{ minWidth: 120 }}
      />
    ) : null;

  return (
    <Checkout
      key={`${params.gid}:${params.renew}`}
      params={params}
      kind="plan"
      plan={plan}
      planSwitcher={switcher}
    />
  );
}
