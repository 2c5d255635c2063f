// A sub-account on a package page (docs/requirements.md §6): the plans are the main account's to buy.
import { MSG } from '@uc/shared';
import { Card, Result } from 'antd';
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../paths';

export function SubAccountResult() {
  return (
    <Card>
      <Result
        status="403"
        title="子账号无权限"
        subTitle={MSG.subAccountNoPackages}
        extra={
          <LinkButton type="primary" to={paths.dashboard}>
            返回首页
          </LinkButton>
        }
      />
    </Card>
  );
}
