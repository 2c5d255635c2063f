// 卡券与优惠券: two lists in tabs, 卡券批次 and 优惠券模板. The tab is page state, not the URL's: each list keeps its
// filter and page in the URL, and switching tabs starts the other list afresh.
import { Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CardBatches } from './card-batches';
import { CouponTemplates } from './coupon-templates';

export default function CardsPage() {
  const [tab, setTab] = useState('batches');
  const [, setParams] = useSearchParams();
  return (
    <Tabs
      activeKey={tab}
      onChange={(next) => {
        setParams(new URLSearchParams());
        setTab(next);
      }}
      destroyOnHidden
      items={[
        { key: 'batches', label: '卡券批次', children: <CardBatches /> },
        { key: 'templates', label: '优惠券模板', children: <CouponTemplates /> },
      ]}
    />
  );
}
