// /api/keys (我的API): the API package's balance (购买调用次数, the products, the open API's document), the calls per
// day of the last 30 days, the member's keys (创建密钥 shows the key once, 撤销 after a confirmation) and the last 100
// calls. Main accounts only, like the other package pages (the guard closes it to sub-accounts).
import { Card, Flex } from 'antd';
import { LoadErrorResult } from '../../components/load-error-result';
import { useAuthStore } from '../../lib/session/auth-store';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useApiUsage } from './api/get-api-usage';
import { BalanceCard } from './components/balance-card';
import { KeysCard } from './components/keys-card';
import { RecentCallsCard } from './components/recent-calls-card';
import { UsageCard } from './components/usage-card';
import './api-keys.css';

export function ApiKeysPage({ title }: { title?: string }) {
  useDocumentTitle(title || '我的API');
  const userId = useAuthStore((s) => s.id);
  const usage = useApiUsage(userId);

  return (
    <Flex vertical gap={16} className="uc-apikeys" data-testid="api-keys-page">
      {usage.isError ? (
        <Card>
          <LoadErrorResult error={usage.error} onRetry={() => void usage.refetch()} />
        </Card>
      ) : (
        <div className="uc-apikeys-top">
          <BalanceCard usage={usage.data} />
          <UsageCard usage={usage.data} />
        </div>
      )}
      <KeysCard userId={userId} />
      {!usage.isError && <RecentCallsCard usage={usage.data} />}
    </Flex>
  );
}
