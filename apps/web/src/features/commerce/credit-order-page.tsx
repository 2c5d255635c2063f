// /tools/buy?tool=&pack=&count= (购买次数): the order page of a tool's usage credits. The packs of the tool are chosen
// on the order card (each a new order price, the same one open order), paid by the same checkout as a plan; once paid
// the member is back on 我的工具 with the credits. A tool the member's plan already includes needs no credits.
import { type CreditPack, MSG } from '@uc/shared';
import { Card, Result, Segmented, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { LoadErrorResult } from '../../components/load-error-result';
import { useAccess } from '../../lib/access';
import { useAuthStore } from '../../lib/session/auth-store';
import { useCreditPacks } from '../../lib/tools/get-credit-packs';
import { useMyTools } from '../../lib/tools/get-my-tools';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { creditOrderPath, paths } from '../../paths';
import { BadOrderLink } from './components/bad-order-link';
import { Checkout } from './components/checkout';
import { SubAccountResult } from './components/sub-account-result';
import { priceText } from './model/money';
import { creditOrder, parseCreditOrderParams } from './model/order-params';
import './commerce.css';

/** A pack as the switcher shows it: 50次 ¥399. */
export const packLabel = (pack: CreditPack): string => `${pack.uses}次 ${priceText(pack.price)}`;

export function CreditOrderPage({ title }: { title?: string }) {
  useDocumentTitle(title || '购买次数');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const userId = useAuthStore((s) => s.id);
  const access = useAccess();
  const params = parseCreditOrderParams(search);
  const packs = useCreditPacks(params?.tool ?? null);
  const tools = useMyTools(userId);

  if (access.isSub) return <SubAccountResult />;
  if (!params) return <BadOrderLink />;
  if (packs.isError) return <LoadErrorResult error={packs.error} onRetry={() => void packs.refetch()} />;
  if (packs.isPending || tools.isPending) {
    return (
      <Card data-testid="checkout-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const tool = tools.data?.find((t) => t.code === params.tool);
  if (tool?.source === 'plan') {
    return (
      <Card>
        <Result
          status="info"
          title={MSG.toolIncluded}
          extra={
            <LinkButton type="primary" to={paths.toolsMine}>
              返回我的工具
            </LinkButton>
          }
        />
      </Card>
    );
  }
  const pack = packs.data.find((p) => p.id === params.pack) ?? packs.data[0];
  if (!pack) return <BadOrderLink />;

  const switcher =
    packs.data.length > 1 ? (
      <Segmented<number>
        size="small"
        aria-label="选择次数包"
        value={pack.id}
        options={packs.data.map((p) => ({ label: packLabel(p), value: p.id }))}
        onChange={(id) => navigate(creditOrderPath(params.tool, id), { replace: true })}
      />
    ) : null;

  return (
    <Checkout
      key={pack.id}
      params={creditOrder(params.tool, pack.id, params.count)}
      kind="credits"
      planSwitcher={switcher}
    />
  );
}
