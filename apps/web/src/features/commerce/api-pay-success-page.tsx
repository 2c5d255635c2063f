// /apiPaySuccess (API支付结果): 开通中 and one reload, then the API calls left (GET surplus).
import { shanghaiDate } from '@uc/shared';
import { Card, Col, Result, Row, Skeleton, Statistic, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { LoadErrorResult } from '../../components/load-error-result';
import { useAuthStore } from '../../lib/session/auth-store';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useSurplus } from './api/get-surplus';
import { OpeningGate } from './components/opening-gate';
import { ResultLinks, UnknownPayResult } from './components/result-parts';
import './commerce.css';

function ApiOpened() {
  const userId = useAuthStore((s) => s.id);
  const surplus = useSurplus(userId);
  let body: React.ReactNode;
  if (surplus.isPending) body = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  else if (surplus.isError)
    body = <LoadErrorResult error={surplus.error} onRetry={() => void surplus.refetch()} />;
  else
    body = (
      <>
        <Row gutter={[16, 16]} className="uc-shop-surplus" justify="center">
          <Col xs={24} sm={8}>
            <Statistic
              title="剩余调用次数"
              value={surplus.data.surplus}
              suffix="次"
              data-testid="api-surplus"
            />
          </Col>
          <Col xs={12} sm={8}>
            <Statistic title="累计购买" value={surplus.data.total} suffix="次" />
          </Col>
          <Col xs={12} sm={8}>
            <Statistic title="已使用" value={surplus.data.used} suffix="次" />
          </Col>
        </Row>
        {surplus.data.expired_time && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
            有效期至 {shanghaiDate(surplus.data.expired_time)}
          </Typography.Paragraph>
        )}
      </>
    );
  return (
    <Card>
      <Result status="success" title="API套餐开通成功" subTitle={body} extra={<ResultLinks />} />
    </Card>
  );
}

export function ApiPaySuccessPage({ title }: { title?: string }) {
  useDocumentTitle(title || 'API支付结果');
  const [search] = useSearchParams();
  const paid = search.get('state') === 'true';
  return <OpeningGate active={paid}>{paid ? <ApiOpened /> : <UnknownPayResult />}</OpeningGate>;
}
