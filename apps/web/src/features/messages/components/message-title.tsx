// A message's title: an in-app link when the message has one (following it marks the message read), else text.
import type { InboxMessage } from '@uc/shared';
import { Typography } from 'antd';
import { Link } from 'react-router';

export function MessageTitle({
  message,
  onOpen,
  className,
}: {
  message: InboxMessage;
  /** The link was followed (an unread message is marked read). */
  onOpen?: (message: InboxMessage) => void;
  className?: string;
}) {
  if (!message.link)
    return (
      <Typography.Text strong={!message.read} className={className}>
        {message.title}
      </Typography.Text>
    );
  return (
    <Link
      to={message.link}
      className={className}
      style={{ fontWeight: message.read ? undefined : 600 }}
      onClick={() => onOpen?.(message)}
    >
      {message.title}
    </Link>
  );
}
