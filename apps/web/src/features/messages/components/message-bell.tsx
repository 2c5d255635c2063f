// The header's bell: the account's unread count (refreshed by the push channel, app/layout/use-inbox-push.ts), and
// on click a small popover of the latest unread messages with 查看全部 (消息中心).
import { BellOutlined } from '@ant-design/icons';
import { shanghaiMinute } from '@uc/shared';
import { Badge, Button, Empty, Flex, Popover, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { LinkButton } from '../../../components/link-button';
import { useAuthStore } from '../../../lib/session/auth-store';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/ui/use-media-query';
import { paths } from '../../../paths';
import { useMessageList } from '../api/get-message-list';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkRead } from '../api/mark-read';
import { MessageKindTag } from './message-kind-tag';
import { MessageTitle } from './message-title';
import '../messages.css';

/** Unread messages the popover shows. */
const LATEST = 5;

function Latest({ userId, onNavigate }: { userId: number; onNavigate: () => void }) {
  const query = useMessageList(userId, { page: 1, size: LATEST, status: 'unread' });
  const markRead = useMarkRead(userId);
  let body: ReactNode;
  if (query.isPending) body = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  else if (query.isError || query.data.list.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读消息" />;
  else
    body = (
      <ul className="uc-message-latest" aria-label="最新未读消息">
        {query.data.list.map((message) => (
          <li key={message.id}>
            <Flex align="center" gap={6}>
              <MessageKindTag kind={message.kind} />
              <MessageTitle
                message={message}
                className="uc-message-latest-title"
                onOpen={(m) => {
                  markRead.mutate([m.id]);
                  onNavigate();
                }}
              />
            </Flex>
            <Typography.Text type="secondary" className="uc-message-small">
              {shanghaiMinute(message.created_at)}
            </Typography.Text>
          </li>
        ))}
      </ul>
    );
  return (
    <Flex vertical gap={8} className="uc-message-popover">
      {body}
      <LinkButton type="link" block to={paths.messageList} onClick={onNavigate}>
        查看全部
      </LinkButton>
    </Flex>
  );
}

export function MessageBell() {
  const userId = useAuthStore((s) => s.id);
  const [open, setOpen] = useState(false);
  // On a phone the bell sits near the middle of the header: the popover is centred under it and shifted into the
  // screen, without an arrow.
  const phone = useMediaQuery(PHONE_QUERY);
  const count = useUnreadCount(userId).data?.total ?? 0;
  return (
    <Popover
      trigger="click"
      placement={phone ? 'bottom' : 'bottomRight'}
      arrow={!phone}
      open={open}
      onOpenChange={setOpen}
      title="消息中心"
      content={open ? <Latest userId={userId} onNavigate={() => setOpen(false)} /> : null}
    >
      <Button
        type="text"
        className="uc-header-bell"
        aria-label={count > 0 ? `消息中心，${count}条未读` : '消息中心'}
        data-testid="header-bell"
        icon={
          <Badge count={count} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
