// Lists in tabs on one console page (卡券与优惠券, 内容). The tab is page state, not the URL's: each list keeps its
// filter and page in the URL, and switching tabs clears them, so the other list starts afresh.
import { Tabs } from 'antd';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';

export interface ListTab {
  key: string;
  label: string;
  children: ReactNode;
}

/** The tabs; the first is open at first. */
export function TabbedLists({ tabs }: { tabs: readonly [ListTab, ...ListTab[]] }) {
  const [tab, setTab] = useState(tabs[0].key);
  const [, setParams] = useSearchParams();
  return (
    <Tabs
      activeKey={tab}
      onChange={(next) => {
        setParams(new URLSearchParams());
        setTab(next);
      }}
      destroyOnHidden
      items={[...tabs]}
    />
  );
}
