// The pieces the two payment result pages share.
import { Card, Result } from 'antd';
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../paths';

export function ResultLinks() {
  return [
    <LinkButton key="home" type="primary" to={paths.dashboard}>
      返回会员中心
    </LinkButton>,
    <LinkButton key="orders" to={paths.orderList}>
      查看我的订单
    </LinkButton>,
  ];
}

export function UnknownPayResult() {
  return (
    <Card>
      <Result
        status="info"
        title="暂未查询到支付结果"
        subTitle="如您已完成支付，请稍后在我的订单中查看订单状态"
        extra={<ResultLinks />}
      />
    </Card>
  );
}
