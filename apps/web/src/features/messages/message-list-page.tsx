// /message/list (消息中心): the account's messages (a sub-account has its own), 全部 / 未读 (the URL's `status`) and a
// kind filter (`kind`), newest first and paged through the URL; each with its kind, time, an unread dot, its title
// (the in-app link when it has one), 标记已读 and 删除; 全部已读 for all. Pushes refresh it wherever the member is
// (app/layout/use-inbox-push.ts). Kept 180 days.
import { BellOutlined } from '@ant-design/icons';
import {
  INBOX_KIND_KEYS,
  INBOX_KINDS,
  INBOX_RETENTION_DAYS,
  type InboxKind,
  type InboxMessage,
  shanghaiMinute,
} from '@uc/shared';
import { Badge, Button, Card, Empty, Flex, Popconfirm, Select, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { IconTitle } from '../../components/icon-title';
import { UrlPagedList } from '../../components/url-paged-list';
import { useUrlPagination } from '../../components/url-pagination';
import { reportFailure } from '../../lib/http/report-failure';
import { useAuthStore } from '../../lib/session/auth-store';
import { toastSuccess } from '../../lib/ui/feedback';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { PHONE_QUERY, useMediaQuery } from '../../lib/ui/use-media-query';
import { useDeleteMessages } from './api/delete-messages';
import { useMessageList } from './api/get-message-list';
import { useUnreadCount } from './api/get-unread-count';
import { useMarkAllRead } from './api/mark-all-read';
import { useMarkRead } from './api/mark-read';
import { MessageKindTag } from './components/message-kind-tag';
import { MessageTitle } from './components/message-title';
import './messages.css';

const TABS = [
  { key: 'all', label: '全部' },
  { key: 'unread', label: '未读' },
] as const;
const ALL_KINDS = 'all';

function MessageItem({
  message,
  onRead,
  onDelete,
}: {
  message: InboxMessage;
  onRead: (message: InboxMessage) => void;
  onDelete: (message: InboxMessage) => void;
}) {
  return (
    <li className={`uc-message-item${message.read ? '' : ' uc-message-unread'}`}>
      <Flex align="start" gap={10}>
        <span className="uc-message-dot">
          {message.read ? null : <Badge status="processing" aria-label="未读" />}
        </span>
        <Flex vertical gap={4} className="uc-message-main">
          <Flex align="center" gap={8} wrap>
            <MessageKindTag kind={message.kind} />
            <MessageTitle
              message={message}
              className="uc-message-title"
              onOpen={(m) => (m.read ? undefined : onRead(m))}
            />
          </Flex>
          {message.body && <Typography.Text className="uc-message-body">{message.body}</Typography.Text>}
          <Flex align="center" justify="space-between" gap={8} wrap>
            <Typography.Text type="secondary" className="uc-message-small">
              {shanghaiMinute(message.created_at)}
            </Typography.Text>
            <Flex gap={4}>
              {!message.read && (
                <Button size="small" type="link" onClick={() => onRead(message)}>
                  标记已读
                </Button>
              )}
              <Popconfirm
                title="确定删除这条消息吗？"
                okText="删除"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() => onDelete(message)}
              >
                <Button size="small" type="link" danger aria-label={`删除消息 ${message.title}`}>
                  删除
                </Button>
              </Popconfirm>
            </Flex>
          </Flex>
        </Flex>
      </Flex>
    </li>
  );
}

export function MessageListPage({ title }: { title?: string }) {
  useDocumentTitle(title || '消息中心');
  const userId = useAuthStore((s) => s.id);
  const phone = useMediaQuery(PHONE_QUERY);
  const [search, setSearch] = useSearchParams();
  const status = TABS.find((t) => t.key === search.get('status'))?.key ?? 'all';
  const rawKind = search.get('kind');
  const kind = (INBOX_KIND_KEYS as readonly string[]).includes(rawKind ?? '')
    ? (rawKind as InboxKind)
    : undefined;
  const pager = useUrlPagination();
  const query = useMessageList(userId, {
    page: pager.page,
    size: pager.size,
    ...(status === 'unread' ? { status } : {}),
    ...(kind ? { kind } : {}),
  });
  const unread = useUnreadCount(userId).data?.total ?? 0;
  const markRead = useMarkRead(userId);
  const markAll = useMarkAllRead(userId);
  const remove = useDeleteMessages(userId);

  const setFilter = (name: 'status' | 'kind', value: string | undefined) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      for (const key of ['page', name]) next.delete(key);
      if (value) next.set(name, value);
      return next;
    });

  const read = (message: InboxMessage) =>
    markRead
      .mutateAsync([message.id])
      .catch((error: unknown) => reportFailure(error, '操作失败，请稍后重试'));
  const destroy = (message: InboxMessage) =>
    remove.mutateAsync([message.id]).then(
      () => toastSuccess('已删除'),
      (error: unknown) => reportFailure(error, '删除失败，请稍后重试'),
    );
  const readAll = () =>
    markAll.mutateAsync().then(
      () => toastSuccess('已全部标记为已读'),
      (error: unknown) => reportFailure(error, '操作失败，请稍后重试'),
    );

  return (
    <Card
      title={<IconTitle icon={<BellOutlined />}>{title || '消息中心'}</IconTitle>}
      extra={
        <Button
          size="small"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => void readAll()}
        >
          全部已读
        </Button>
      }
    >
      <Tabs
        activeKey={status}
        onChange={(key) => setFilter('status', key === 'all' ? undefined : key)}
        tabBarExtraContent={
          <Select<string>
            aria-label="消息类型"
            size="small"
            className="uc-message-kind-filter"
            value={kind ?? ALL_KINDS}
            onChange={(value) => setFilter('kind', value === ALL_KINDS ? undefined : value)}
            options={[
              { value: ALL_KINDS, label: '全部类型' },
              ...INBOX_KINDS.map((k) => ({ value: k.key, label: k.name })),
            ]}
          />
        }
        items={TABS.map((t) => ({
          key: t.key,
          label: t.key === 'unread' && unread > 0 ? `未读（${unread}）` : t.label,
        }))}
      />
      <UrlPagedList
        query={query}
        pager={pager}
        skeletonRows={6}
        empty={<Empty description="暂无数据" style={{ padding: '32px 0' }} />}
        simple={phone}
      >
        {(rows) => (
          <ul className="uc-message-list" aria-label="消息列表">
            {rows.map((message) => (
              <MessageItem key={message.id} message={message} onRead={read} onDelete={destroy} />
            ))}
          </ul>
        )}
      </UrlPagedList>
      <Typography.Text type="secondary" className="uc-message-small uc-message-note">
        消息保留{INBOX_RETENTION_DAYS}天
      </Typography.Text>
    </Card>
  );
}
