// 卡券与优惠券: not built yet.
import { ComingSoon } from '../../components/coming-soon';

export default function CardsPage() {
  return <ComingSoon title="卡券与优惠券" />;
}
