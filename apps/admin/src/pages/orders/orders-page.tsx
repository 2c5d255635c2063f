// 订单: not built yet.
import { ComingSoon } from '../../components/coming-soon';

export default function OrdersPage() {
  return <ComingSoon title="订单" />;
}
