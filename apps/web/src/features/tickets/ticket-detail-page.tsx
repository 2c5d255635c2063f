// /ticket/detail?id= (工单详情, also the bell's link): the ticket's facts (number, category, status, who opened it, the
// page it came from, the order), its conversation (staff answers marked 客服, attachments downloadable), a reply box
// with attachments while it is open, and 关闭工单 with a confirmation and a 1-5 star rating. A closed ticket is
// read-only (rated later if it was not). Reading it marks the staff answers read.
import { CustomerServiceOutlined } from '@ant-design/icons';
import { type AttachmentState, TicketConversation, TicketStatusTag } from '@uc/client';
import {
  shanghaiMinute,
  TICKET_CATEGORY_NAME,
  TICKET_CONTENT_MAX,
  type TicketCloseBody,
  type TicketDetail,
  ticketContentField,
} from '@uc/shared';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Flex,
  Form,
  Input,
  Rate,
  Result,
  Skeleton,
} from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { IconTitle } from '../../components/icon-title';
import { LinkButton } from '../../components/link-button';
import { LoadErrorResult } from '../../components/load-error-result';
import { reportFailure } from '../../lib/http/report-failure';
import { useAuthStore } from '../../lib/session/auth-store';
import { toastSuccess } from '../../lib/ui/feedback';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { PHONE_QUERY, useMediaQuery } from '../../lib/ui/use-media-query';
import { zodRule } from '../../lib/zod-rule';
import { paths, stripBasename } from '../../paths';
import { useCloseTicket, useReplyTicket } from './api/change-ticket';
import { useTicket } from './api/get-ticket';
import { downloadTicketFile } from './api/ticket-files';
import { CloseTicketDialog } from './components/close-ticket-dialog';
import { NO_ATTACHMENTS, TicketAttachments } from './components/ticket-attachments';
import './tickets.css';

function ticketId(raw: string | null): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function facts(ticket: TicketDetail): DescriptionsProps['items'] {
  return [
    { key: 'no', label: '工单编号', children: ticket.no },
    { key: 'category', label: '问题分类', children: TICKET_CATEGORY_NAME[ticket.category] },
    { key: 'status', label: '状态', children: <TicketStatusTag status={ticket.status} /> },
    { key: 'creator', label: '提交人', children: ticket.creator },
    { key: 'created', label: '提交时间', children: shanghaiMinute(ticket.created_at) },
    ...(ticket.closed_at
      ? [{ key: 'closed', label: '关闭时间', children: shanghaiMinute(ticket.closed_at) }]
      : []),
    ...(ticket.page
      ? [
          {
            key: 'page',
            label: '来源页面',
            children: (
              <Link to={stripBasename(ticket.page)} className="uc-ticket-title">
                {ticket.page}
              </Link>
            ),
          },
        ]
      : []),
    ...(ticket.order_no ? [{ key: 'order', label: '相关订单', children: ticket.order_no }] : []),
  ];
}

function ReplyBox({ ticket, onClose }: { ticket: TicketDetail; onClose: () => void }) {
  const userId = useAuthStore((s) => s.id);
  const reply = useReplyTicket(userId, ticket.id);
  const [form] = Form.useForm<{ content: string }>();
  const [attachments, setAttachments] = useState<AttachmentState>(NO_ATTACHMENTS);
  // A new picker after each reply sent (its list starts empty).
  const [round, setRound] = useState(0);
  const send = async ({ content }: { content: string }) => {
    try {
      await reply.mutateAsync({ content, attachments: attachments.files.map((f) => f.id) });
      form.resetFields();
      setRound((n) => n + 1);
      setAttachments(NO_ATTACHMENTS);
      toastSuccess('回复已发送');
    } catch (error) {
      reportFailure(error, '发送失败，请稍后重试');
    }
  };
  return (
    <Form form={form} layout="vertical" className="uc-ticket-reply" onFinish={(v) => void send(v)}>
      <Form.Item name="content" label="补充说明" rules={[zodRule(ticketContentField)]}>
        <Input.TextArea
          rows={4}
          showCount
          maxLength={TICKET_CONTENT_MAX}
          placeholder="回复客服或补充问题的情况"
        />
      </Form.Item>
      <Form.Item>
        <TicketAttachments key={round} onChange={setAttachments} />
      </Form.Item>
      <Flex gap={8} wrap>
        <Button type="primary" htmlType="submit" loading={reply.isPending} disabled={attachments.uploading}>
          {attachments.uploading ? '附件上传中…' : '发送回复'}
        </Button>
        <Button onClick={onClose}>关闭工单</Button>
      </Flex>
    </Form>
  );
}

function ClosedNote({ ticket, onRate }: { ticket: TicketDetail; onRate: () => void }) {
  return (
    <Alert
      className="uc-ticket-reply"
      type="info"
      showIcon
      message="工单已关闭，如有新问题请提交新工单"
      description={
        ticket.rating ? (
          <Flex vertical gap={4}>
            <span>
              您的评价：
              <Rate
                disabled
                value={ticket.rating}
                style={{ fontSize: 16 }}
                aria-label={`评价 ${ticket.rating} 星`}
              />
            </span>
            {ticket.rating_comment && <span>{ticket.rating_comment}</span>}
          </Flex>
        ) : (
          <Button size="small" onClick={onRate}>
            评价本次服务
          </Button>
        )
      }
    />
  );
}

function TicketBody({ ticket }: { ticket: TicketDetail }) {
  const userId = useAuthStore((s) => s.id);
  const phone = useMediaQuery(PHONE_QUERY);
  const close = useCloseTicket(userId, ticket.id);
  const [closing, setClosing] = useState(false);
  const closed = ticket.status === 'closed';
  const submitClose = async (body: TicketCloseBody) => {
    try {
      await close.mutateAsync(body);
      setClosing(false);
      toastSuccess(closed ? '感谢您的评价' : '工单已关闭');
    } catch (error) {
      reportFailure(error, '操作失败，请稍后重试');
    }
  };
  const download = (file: Parameters<typeof downloadTicketFile>[1]) =>
    downloadTicketFile(ticket.id, file).catch((error: unknown) =>
      reportFailure(error, '下载失败，请稍后重试'),
    );
  return (
    <>
      <Descriptions size="small" bordered column={phone ? 1 : 2} items={facts(ticket)} />
      <div style={{ marginTop: 16 }}>
        <TicketConversation messages={ticket.messages} onDownload={download} />
      </div>
      {closed ? (
        <ClosedNote ticket={ticket} onRate={() => setClosing(true)} />
      ) : (
        <ReplyBox ticket={ticket} onClose={() => setClosing(true)} />
      )}
      <CloseTicketDialog
        open={closing}
        rateOnly={closed}
        pending={close.isPending}
        onSubmit={(body) => void submitClose(body)}
        onCancel={() => setClosing(false)}
      />
    </>
  );
}

export function TicketDetailPage({ title }: { title?: string }) {
  const heading = title || '工单详情';
  useDocumentTitle(heading);
  const userId = useAuthStore((s) => s.id);
  const [search] = useSearchParams();
  const id = ticketId(search.get('id'));
  const query = useTicket(userId, id);

  let body: React.ReactNode;
  if (id === null) body = <Result status="404" title="工单不存在" />;
  else if (query.isError) body = <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else body = <TicketBody ticket={query.data} />;

  return (
    <Card
      title={<IconTitle icon={<CustomerServiceOutlined />}>{heading}</IconTitle>}
      extra={
        <LinkButton type="link" size="small" to={paths.ticketList}>
          返回我的工单
        </LinkButton>
      }
    >
      {body}
    </Card>
  );
}
