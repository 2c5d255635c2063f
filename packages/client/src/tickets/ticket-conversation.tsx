// A ticket's conversation, oldest first, as both apps show it: who wrote (staff marked 客服), when, the text as written
// (plain text, its lines kept: never HTML) and its attachments, each downloaded by the app's own client.
import { CustomerServiceOutlined, PaperClipOutlined, UserOutlined } from '@ant-design/icons';
import { shanghaiMinute, type TicketFile, type TicketMessage } from '@uc/shared';
import { Avatar, Button, Flex, Tag, Typography } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';

const THREAD: CSSProperties = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 };
const MESSAGE: CSSProperties = { borderRadius: 8, padding: '12px 14px' };
/** The text as the author wrote it: its lines kept, a long word broken. */
const TEXT: CSSProperties = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.7 };

/** '12 KB', '1.5 MB'. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function Attachment({
  file,
  onDownload,
}: {
  file: TicketFile;
  onDownload: (file: TicketFile) => Promise<unknown>;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onDownload(file);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      type="link"
      icon={<PaperClipOutlined />}
      loading={busy}
      onClick={() => void run()}
      aria-label={`下载附件 ${file.name}`}
      className="uc-ticket-file"
    >
      <span style={{ wordBreak: 'break-all', whiteSpace: 'normal', textAlign: 'left' }}>{file.name}</span>
      <Typography.Text type="secondary">（{fileSizeText(file.size)}）</Typography.Text>
    </Button>
  );
}

export interface TicketConversationProps<M extends TicketMessage> {
  messages: readonly M[];
  /** Fetches and saves an attachment; reports its own failure, never rejects. */
  onDownload: (file: TicketFile) => Promise<unknown>;
  /** What the author line adds for a message (the console: the staff member's username). */
  authorExtra?: (message: M) => ReactNode;
}

export function TicketConversation<M extends TicketMessage>({
  messages,
  onDownload,
  authorExtra,
}: TicketConversationProps<M>) {
  return (
    <ol className="uc-ticket-thread" aria-label="工单对话" style={THREAD}>
      {messages.map((message) => {
        const staff = message.from === 'staff';
        return (
          <li
            key={message.id}
            className={`uc-ticket-msg${staff ? ' uc-ticket-msg-staff' : ''}`}
            aria-label={`${staff ? '客服 ' : ''}${message.author} ${shanghaiMinute(message.created_at)}`}
            style={{ ...MESSAGE, background: staff ? '#f0f7ff' : '#fafafa' }}
          >
            <Flex gap={10} align="start">
              <Avatar
                size={32}
                icon={staff ? <CustomerServiceOutlined /> : <UserOutlined />}
                style={{ background: staff ? '#1668dc' : '#bfbfbf', flex: 'none' }}
              />
              <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Flex gap={8} align="center" wrap>
                  {staff && <Tag color="blue">客服</Tag>}
                  <Typography.Text strong>{message.author}</Typography.Text>
                  {authorExtra?.(message)}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {shanghaiMinute(message.created_at)}
                  </Typography.Text>
                </Flex>
                <div className="uc-ticket-msg-text" style={TEXT}>
                  {message.content}
                </div>
                {message.attachments.length > 0 && (
                  <Flex vertical align="start" gap={2}>
                    {message.attachments.map((file) => (
                      <Attachment key={file.id} file={file} onDownload={onDownload} />
                    ))}
                  </Flex>
                )}
              </Flex>
            </Flex>
          </li>
        );
      })}
    </ol>
  );
}
