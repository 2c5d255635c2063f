// The order page when its order could not be created: 已享更高权益 and 订单异常 send the member back to the plans
// (they would answer the same again), any other failure offers a retry.
import { MSG } from '@uc/shared';
import { Button, Card, Result } from 'antd';
import { LinkButton } from '../../../components/link-button';
import { errorText } from '../../../lib/http/api-error';
import { paths } from '../../../paths';
import { creationFailure, handledByClient } from '../model/failure';

/** The order page of a plan the member's running level already covers (answer 20105). */
const PLAN_INCLUDED_TEXT = '您当前的会员等级已高于该套餐，无需购买';

export function OrderFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const why = creationFailure(error);
  const back = (
    <LinkButton key="back" type={why === 'other' ? 'default' : 'primary'} to={paths.vip}>
      返回会员套餐
    </LinkButton>
  );
  if (why === 'included') {
    return (
      <Card>
        <Result status="info" title={MSG.planIncluded} subTitle={PLAN_INCLUDED_TEXT} extra={back} />
      </Card>
    );
  }
  return (
    <Card>
      <Result
        status={why === 'abnormal' ? 'warning' : 'error'}
        title={why === 'abnormal' ? MSG.orderAbnormal : MSG.orderCreateFailed}
        subTitle={why === 'abnormal' || handledByClient(error) ? undefined : errorText(error, '')}
        extra={
          why === 'abnormal'
            ? back
            : [
                <Button key="retry" type="primary" onClick={onRetry}>
                  重试
                </Button>,
                back,
              ]
        }
      />
    </Card>
  );
}
