// 内容: two tabs, 政策 (policy.tsx) and 新闻 (news.tsx), each the same list of its kind (publication-list.tsx) and
// each starting afresh on switching (TabbedLists).
import { TabbedLists } from '../../components/tabbed-lists';
import { NEWS } from './news';
import { POLICY } from './policy';
import { PublicationList } from './publication-list';

export default function ContentPage() {
  return (
    <TabbedLists
      tabs={[
        { key: 'policy', label: '政策', children: <PublicationList key="policy" kind={POLICY} /> },
        { key: 'news', label: '新闻', children: <PublicationList key="news" kind={NEWS} /> },
      ]}
    />
  );
}
