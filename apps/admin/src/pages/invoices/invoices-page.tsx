// 发票: not built yet.
import { ComingSoon } from '../../components/coming-soon';

export default function InvoicesPage() {
  return <ComingSoon title="发票" />;
}
