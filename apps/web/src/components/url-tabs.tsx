// A page's tabs kept in the URL's `tab` (absent: the first), so a refresh or a shared link opens the same tab.
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

interface UrlTab<K extends string> {
  key: K;
  label: string;
}

/** The tabs, `children` drawing each; choosing one drops what the tab before kept in the URL (`clears`). */
export function UrlTabs<K extends string>({
  tabs,
  clears,
  children,
}: {
  tabs: readonly [UrlTab<K>, ...UrlTab<K>[]];
  /** The query parameters of the tabs' own (a state filter, a page). */
  clears: readonly string[];
  children: (key: K) => ReactNode;
}) {
  const [search, setSearch] = useSearchParams();
  const tab = tabs.find((t) => t.key === search.get('tab')) ?? tabs[0];
  return (
    <Tabs
      activeKey={tab.key}
      onChange={(key) =>
        setSearch((prev) => {
          const next = new URLSearchParams(prev);
          for (const name of clears) next.delete(name);
          if (key === tabs[0].key) next.delete('tab');
          else next.set('tab', key);
          return next;
        })
      }
      items={tabs.map((t) => ({ key: t.key, label: t.label, children: children(t.key) }))}
    />
  );
}
