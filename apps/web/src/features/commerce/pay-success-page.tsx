// /paySuccess?state=true (route name paySucess, 支付结果): 开通中 and one reload, then the new plan and expiry.
import { shanghaiDate } from '@uc/shared';
import { Card, Flex, Result, Skeleton, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { LevelBadge } from '../../components/level-badge';
import { useAccess } from '../../lib/access';
import { useCusInfo } from '../../lib/session/api/get-cus-info';
import { useAuthStore } from '../../lib/session/auth-store';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useSetmeal } from './api/get-setmeal';
import { OpeningGate } from './components/opening-gate';
import { ResultLinks, UnknownPayResult } from './components/result-parts';
import './commerce.css';

function PlanOpened() {
  const userId = useAuthStore((s) => s.id);
  const access = useAccess(useCusInfo(userId).data);
  const setmeal = useSetmeal(userId);
  return (
    <Card>
      <Result
        status="success"
        title="开通成功"
        subTitle={
          setmeal.isPending ? (
            <Skeleton active title={false} paragraph={{ rows: 1 }} />
          ) : setmeal.data ? (
            <Flex vertical align="center" gap={8}>
              <Typography.Text>
                您已成功开通 <strong data-testid="opened-plan">{setmeal.data.name}</strong>
              </Typography.Text>
              <LevelBadge level={access.level} />
              {setmeal.data.expired_time && (
                <Typography.Text type="secondary" data-testid="opened-expiry">
                  会员有效期至 {shanghaiDate(setmeal.data.expired_time)}
                </Typography.Text>
              )}
            </Flex>
          ) : (
            '会员权益已生效'
          )
        }
        extra={<ResultLinks />}
      />
    </Card>
  );
}

export function PaySuccessPage({ title }: { title?: string }) {
  useDocumentTitle(title || '支付结果');
  const [search] = useSearchParams();
  const paid = search.get('state') === 'true';
  return <OpeningGate active={paid}>{paid ? <PlanOpened /> : <UnknownPayResult />}</OpeningGate>;
}
