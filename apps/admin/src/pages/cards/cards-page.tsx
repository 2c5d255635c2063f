// 卡券与优惠券: two lists in tabs, 卡券批次 and 优惠券模板 (each starting afresh on switching, TabbedLists).
import { TabbedLists } from '../../components/tabbed-lists';
import { CardBatches } from './card-batches';
import { CouponTemplates } from './coupon-templates';

export default function CardsPage() {
  return (
    <TabbedLists
      tabs={[
        { key: 'batches', label: '卡券批次', children: <CardBatches /> },
        { key: 'templates', label: '优惠券模板', children: <CouponTemplates /> },
      ]}
    />
  );
}
