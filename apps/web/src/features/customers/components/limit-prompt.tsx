// The customer limit reached: the message, with 升级会员 to the plan page for a member who may buy one (a
// sub-account is told only the message: its main account buys).
import { MSG_WITH } from '@uc/shared';
import { Alert } from 'antd';
import { LinkButton } from '../../../components/link-button';
import { useAccess } from '../../../lib/access';
import { useCusInfo } from '../../../lib/session/api/get-cus-info';
import { paths } from '../../../paths';

export function LimitPrompt({ userId, limit }: { userId: number; limit: number }) {
  const access = useAccess(useCusInfo(userId).data);
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="customer-limit"
      title={MSG_WITH.customerLimitReached(limit)}
      action={
        access.canSeePackages ? (
          <LinkButton type="primary" size="small" to={paths.vip}>
            升级会员
          </LinkButton>
        ) : undefined
      }
    />
  );
}
