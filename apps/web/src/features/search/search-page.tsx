// /search (搜索): policy items (申报通知, 公示公告, 政策动态) and news found by any words of their title or body, with
// the filters in the URL (q, type, city, dept, from, to, open, page, size), each hit's matched words highlighted
// (rendered as text and <mark>, never as HTML), title matches first. Reached from the header's search box.
import {
  CITIES,
  SEARCH_DEPT_MAX,
  SEARCH_QUERY_MAX,
  SEARCH_TYPE_KEYS,
  SEARCH_TYPES,
  type SearchHit,
  type SearchType,
  searchQuery,
  searchTypeName,
  shanghaiDate,
} from '@uc/shared';
import {
  Card,
  DatePicker,
  Empty,
  Flex,
  Input,
  Segmented,
  Select,
  Skeleton,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadErrorResult } from '../../components/load-error-result';
import { UrlPagination, useKeepPageInRange, useUrlPagination } from '../../components/url-pagination';
import { runtimeConfig } from '../../lib/runtime-config';
import { useAuthStore } from '../../lib/session/auth-store';
import { dayjs } from '../../lib/ui/dayjs';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { PHONE_QUERY, useMediaQuery } from '../../lib/ui/use-media-query';
import { policyDetailPath } from '../../paths';
import { type SearchRequest, useSearchNotices } from './api/search-notices';
import { MarkedText } from './components/marked-text';
import './search.css';

const ALL = 'all';
const TYPE_COLOR: Record<SearchType, string> = {
  sbtz: 'blue',
  gsgg: 'orange',
  zcdt: 'green',
  news: 'purple',
};
const FILTERS = ['q', 'type', 'city', 'dept', 'from', 'to', 'open'] as const;
type Filter = (typeof FILTERS)[number];

/** The search the URL describes, or the first problem of its words (null while there are none). */
function requestOf(search: URLSearchParams, page: number, size: number): SearchRequest | string | null {
  const raw = Object.fromEntries(FILTERS.flatMap((k) => (search.get(k) ? [[k, search.get(k) ?? '']] : [])));
  if (!raw.q?.trim()) return null;
  const parsed = searchQuery.safeParse(raw);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? '';
  return { ...parsed.data, page, size };
}

/** A hit's title: a policy item opens its detail in the app, a news article its public page in a new tab. */
function HitTitle({ hit }: { hit: SearchHit }) {
  const text = <MarkedText html={hit.title_html} />;
  if (hit.type === 'news')
    return (
      <a
        className="uc-search-title"
        href={`${runtimeConfig().apiBaseUrl.replace(/\/+$/, '')}${hit.url}`}
        target="_blank"
        rel="noopener noreferrer"
        title={hit.title}
      >
        {text}
      </a>
    );
  return (
    <Link className="uc-search-title" to={policyDetailPath(hit.id)} title={hit.title}>
      {text}
    </Link>
  );
}

function Hit({ hit }: { hit: SearchHit }) {
  return (
    <li className="uc-search-hit">
      <div className="uc-search-head">
        <Tag color={TYPE_COLOR[hit.type]}>{searchTypeName(hit.type)}</Tag>
        <HitTitle hit={hit} />
      </div>
      {hit.excerpt_html && (
        <Typography.Paragraph className="uc-search-excerpt">
          <MarkedText html={hit.excerpt_html} />
        </Typography.Paragraph>
      )}
      <Typography.Text type="secondary" className="uc-search-meta">
        <span>{hit.dept}</span>
        <span>发布 {shanghaiDate(hit.publish_time)}</span>
        {hit.end_time && <span>截止 {shanghaiDate(hit.end_time)}</span>}
      </Typography.Text>
    </li>
  );
}

export function SearchPage() {
  useDocumentTitle('搜索');
  const userId = useAuthStore((s) => s.id);
  const phone = useMediaQuery(PHONE_QUERY);
  const [search, setSearch] = useSearchParams();
  const { page, size, setPage } = useUrlPagination();
  const request = requestOf(search, page, size);
  const query = useSearchNotices(userId, typeof request === 'object' ? request : null);
  useKeepPageInRange(page, size, query.isPlaceholderData ? undefined : query.data?.total);

  const q = search.get('q') ?? '';
  const [text, setText] = useState(q);
  const [dept, setDept] = useState(search.get('dept') ?? '');
  // The box follows the URL (the header's box, back and forward).
  useEffect(() => setText(q), [q]);

  /** Sets filters in the URL; any change starts again at the first page. */
  const set = (changes: Partial<Record<Filter, string | undefined>>) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      next.delete('page');
      return next;
    });

  const type = (SEARCH_TYPE_KEYS as readonly string[]).includes(search.get('type') ?? '')
    ? (search.get('type') as SearchType)
    : undefined;
  const from = search.get('from');
  const to = search.get('to');

  let body: ReactNode;
  if (typeof request === 'string')
    body = (
      <Typography.Text type="danger" role="alert">
        {request}
      </Typography.Text>
    );
  else if (request === null) body = <Empty description="暂无数据，输入关键词搜索政策、公示与新闻" />;
  else if (query.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (query.isError) body = <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.list.length === 0)
    body = <Empty description="暂无数据" style={{ padding: '40px 0' }} />;
  else
    body = (
      <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}>
        <Typography.Text type="secondary" className="uc-search-total">
          {query.data.capped
            ? `找到 ${query.data.total}+ 条结果，可增加关键词或筛选条件缩小范围`
            : `找到 ${query.data.total} 条结果`}
        </Typography.Text>
        <ul className="uc-search-list" aria-label="搜索结果">
          {query.data.list.map((hit) => (
            <Hit key={`${hit.type}-${hit.id}`} hit={hit} />
          ))}
        </ul>
        <UrlPagination page={page} size={size} total={query.data.total} onChange={setPage} simple={phone} />
      </div>
    );

  return (
    <Card className="uc-search" title="搜索政策、公示与新闻" data-testid="search-page">
      <Flex vertical gap={12}>
        <Input.Search
          size="large"
          allowClear
          enterButton="搜索"
          placeholder="输入关键词，多个关键词用空格分开，如：研发费用 加计扣除"
          aria-label="搜索关键词"
          maxLength={SEARCH_QUERY_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onSearch={(value) => set({ q: value.trim() || undefined })}
        />
        <Segmented
          className="uc-search-types"
          value={type ?? ALL}
          onChange={(value) => set({ type: value === ALL ? undefined : String(value) })}
          options={[
            { value: ALL, label: '全部' },
            ...SEARCH_TYPES.map((t) => ({ value: t.key, label: t.name })),
          ]}
        />
        <div className="uc-search-filters">
          <Select
            allowClear
            placeholder="地区（含全省）"
            aria-label="地区"
            value={search.get('city') || undefined}
            onChange={(value?: string) => set({ city: value })}
            options={CITIES.map((c) => ({ value: c.citycode, label: c.cityname }))}
          />
          <Input.Search
            allowClear
            placeholder="发布部门"
            aria-label="发布部门"
            maxLength={SEARCH_DEPT_MAX}
            value={dept}
            onChange={(e) => {
              setDept(e.target.value);
              if (!e.target.value) set({ dept: undefined });
            }}
            onSearch={(value) => set({ dept: value.trim() || undefined })}
          />
          <DatePicker.RangePicker
            aria-label="发布日期"
            placeholder={['发布开始日期', '结束日期']}
            value={from && to ? [dayjs(from), dayjs(to)] : null}
            onChange={(range) =>
              set({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })
            }
          />
          <Flex align="center" gap={8} className="uc-search-open">
            <Switch
              id="uc-search-open"
              size="small"
              checked={search.get('open') === '1'}
              onChange={(on) => set({ open: on ? '1' : undefined })}
            />
            <label htmlFor="uc-search-open">只看申报中</label>
          </Flex>
        </div>
        {body}
      </Flex>
    </Card>
  );
}
