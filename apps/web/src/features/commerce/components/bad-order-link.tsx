// An order page opened with a missing or malformed plan id.
import { MSG } from '@uc/shared';
import { Card, Result } from 'antd';
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../paths';

export function BadOrderLink() {
  return (
    <Card>
      <Result
        status="warning"
        title={MSG.orderCreateFailed}
        subTitle="套餐信息有误，请重新选择套餐"
        extra={
          <LinkButton type="primary" to={paths.vip}>
            返回会员套餐
          </LinkButton>
        }
      />
    </Card>
  );
}
