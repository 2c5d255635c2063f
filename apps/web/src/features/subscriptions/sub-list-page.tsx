// /sub/list (我的订阅): six tabs by ?activeName (推荐项目, 我的公示, 订阅项目, 申报通知, 公示公告, 政策动态), each
// paged and searched through the URL, exportable to .xlsx; ?mainid reads the main account's feed.
import { SettingOutlined } from '@ant-design/icons';
import { ExportButton } from '@uc/client';
import {
  type PolicyFeedItem,
  type PublicityItem,
  type RecommendedProject,
  SUB_TAB_KEYS,
  SUB_TABS,
  type SubTab,
} from '@uc/shared';
import { Card, Empty, Flex, Input, Table, Tabs } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { LoadErrorResult } from '../../components/load-error-result';
import {
  FIRST_PAGE,
  UrlPagination,
  useKeepPageInRange,
  useUrlPagination,
} from '../../components/url-pagination';
import { useAccess } from '../../lib/access';
import { errorText } from '../../lib/http/api-error';
import type { FirstQueries } from '../../lib/routing/lazy-page';
import { useAuthStore } from '../../lib/session/auth-store';
import { toastError } from '../../lib/ui/feedback';
import { paths } from '../../paths';
import { exportSubTab } from './api/export-sub';
import { type SubListRequest, subListQueryOptions, useSubList } from './api/get-sub-list';
import { feedColumns, projectColumns, publicityColumns, publicityKey } from './components/columns';
import { ProjectCustomersDrawer } from './components/project-customers-drawer';
import { PublicitySearch } from './components/publicity-search';

const isTab = (value: string | null): value is SubTab =>
  (SUB_TAB_KEYS as readonly (string | null)[]).includes(value);

/** The tab, search and main account of the URL. */
function useSubQuery() {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('activeName');
  const tab: SubTab = isTab(raw) ? raw : 'tjxm';
  const title = search.get('title') ?? '';
  const idOf = (key: string) => {
    const text = search.get(key);
    return text && /^\d{1,10}$/.test(text) ? Number(text) : undefined;
  };
  const mainid = idOf('mainid');
  /** The recommended project without a notice whose customers are open (the dashboard links to one). */
  const pid = idOf('pid');
  const setPid = (next: number | null) =>
    setSearch((prev) => {
      const params = new URLSearchParams(prev);
      if (next === null) params.delete('pid');
      else params.set('pid', String(next));
      return params;
    });
  const update = (changes: Record<string, string | null>) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      // A new tab or search starts from the first page, with no project open.
      next.delete('page');
      next.delete('pid');
      return next;
    });
  return { tab, title, mainid, pid, setPid, update };
}

const emptyText = (tab: SubTab) => (
  <Empty
    description={
      tab === 'dyxm' ? (
        <span>
          暂无数据，<Link to={paths.subSettings}>设置订阅条件</Link>后这里会显示匹配的政策
        </span>
      ) : (
        '暂无数据'
      )
    }
    style={{ padding: '32px 0' }}
  />
);

/** The first tab's first page (the server answers it inside the page). */
export const firstQueries: FirstQueries = (client, userId) => [
  client.prefetchQuery(subListQueryOptions(userId, { activeName: 'tjxm', ...FIRST_PAGE })),
];

export function SubListPage({ title: menuTitle }: { title?: string }) {
  const userId = useAuthStore((s) => s.id);
  const access = useAccess();
  const { tab, title, mainid, pid, setPid, update } = useSubQuery();
  const { page, size, setPage } = useUrlPagination();
  const request: SubListRequest = { activeName: tab, title: title || undefined, mainid, page, size };
  const query = useSubList(userId, request);
  useKeepPageInRange(page, size, query.isPlaceholderData ? undefined : query.data?.total);
  const offset = (page - 1) * size;
  const rows = query.data?.list ?? [];
  const loading = query.isPending || (query.isFetching && query.isPlaceholderData);
  const common = {
    pagination: false as const,
    loading,
    scroll: { x: 760 },
    locale: { emptyText: emptyText(tab) },
  };

  const runExport = async () => {
    try {
      await exportSubTab({ activeName: tab, title: title || undefined, mainid });
    } catch (error) {
      toastError(errorText(error, '导出失败，请稍后再试'));
    }
  };

  const table =
    tab === 'tjxm' ? (
      <Table<RecommendedProject>
        rowKey="mid"
        columns={projectColumns(offset, (p) => setPid(p.mid))}
        dataSource={rows as RecommendedProject[]}
        {...common}
      />
    ) : tab === 'wdgs' ? (
      <Table<PublicityItem>
        rowKey={publicityKey}
        columns={publicityColumns(offset)}
        dataSource={rows as PublicityItem[]}
        {...common}
      />
    ) : (
      <Table<PolicyFeedItem>
        rowKey="id"
        columns={feedColumns(offset, tab)}
        dataSource={rows as PolicyFeedItem[]}
        {...common}
      />
    );

  return (
    <Card
      title={menuTitle || '我的订阅'}
      data-testid="sub-list-page"
      extra={
        access.isTrial ? null : (
          <Link to={paths.subSettings}>
            <SettingOutlined /> 推送设置
          </Link>
        )
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => update({ activeName: key, title: null })}
        items={SUB_TABS.map((t) => ({ key: t.key, label: t.name }))}
      />
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap style={{ flex: '1 1 320px' }}>
          <Input.Search
            key={tab}
            aria-label={tab === 'wdgs' ? '搜索公示标题或企业名称' : '搜索标题'}
            placeholder={tab === 'wdgs' ? '搜索公示标题或企业名称' : '搜索标题'}
            defaultValue={title}
            allowClear
            maxLength={50}
            onSearch={(value) => update({ title: value.trim() })}
            style={{ maxWidth: 320 }}
          />
          {tab === 'wdgs' && <PublicitySearch userId={userId} />}
        </Flex>
        <ExportButton onExport={runExport} />
      </Flex>
      {query.isError && !query.data ? (
        <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {table}
          <UrlPagination page={page} size={size} total={query.data?.total ?? 0} onChange={setPage} />
        </>
      )}
      <ProjectCustomersDrawer
        userId={userId}
        pid={tab === 'tjxm' ? (pid ?? null) : null}
        name={(rows as RecommendedProject[]).find((p) => p.mid === pid)?.name}
        mainid={mainid}
        onClose={() => setPid(null)}
      />
    </Card>
  );
}
