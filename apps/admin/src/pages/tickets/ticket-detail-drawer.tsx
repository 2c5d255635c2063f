// 工单详情: the member (and its main account), the page the ticket came from, the order, the conversation with its
// attachments (a staff answer names the colleague who wrote it), the ticket's history, and, for a role that may
// answer, the reply box with attachments and 回复并关闭.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AttachmentPicker, type AttachmentState, TicketConversation, TicketStatusTag } from '@uc/client';
import {
  STAFF_CALLS,
  type StaffTicketDetail,
  shanghaiSecond,
  TICKET_CATEGORY_NAME,
  TICKET_CONTENT_MAX,
  TICKET_EVENT_ACTIONS,
  type TicketFile,
  ticketContentField,
} from '@uc/shared';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Descriptions,
  Drawer,
  Form,
  Input,
  Rate,
  Space,
  Spin,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { call } from '../../lib/http';
import { downloadStaffTicketFile, uploadStaffTicketFile } from './ticket-files';

export const ticketDetailKey = (id: number | null) => ['ticket', id] as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div style={{ marginTop: 24 }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </div>
  );
}

function Facts({ ticket }: { ticket: StaffTicketDetail }) {
  return (
    <Descriptions column={2} size="small" bordered>
      <Descriptions.Item label="工单编号">{ticket.no}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <TicketStatusTag status={ticket.status} />
      </Descriptions.Item>
      <Descriptions.Item label="分类">{TICKET_CATEGORY_NAME[ticket.category]}</Descriptions.Item>
      <Descriptions.Item label="会员">
        {ticket.username} <Typography.Text type="secondary">#{ticket.user_id}</Typography.Text>
        {ticket.owner_id !== ticket.user_id && (
          <Typography.Text type="secondary">（主账号 {ticket.owner_username}）</Typography.Text>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="来源页面">{ticket.page ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="相关订单">{ticket.order_no ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="提交时间">{shanghaiSecond(ticket.created_at)}</Descriptions.Item>
      <Descriptions.Item label="等待回复自">
        {ticket.waiting_since ? shanghaiSecond(ticket.waiting_since) : '—'}
      </Descriptions.Item>
      {ticket.rating !== null && (
        <Descriptions.Item label="评价" span={2}>
          <Rate disabled value={ticket.rating} style={{ fontSize: 14 }} /> {ticket.rating_comment ?? ''}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

function ReplyForm({ ticket }: { ticket: StaffTicketDetail }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ content: string; close: boolean }>();
  const [attachments, setAttachments] = useState<AttachmentState>({ files: [], uploading: false });
  const [round, setRound] = useState(0);
  const reply = useMutation({
    mutationFn: (values: { content: string; close: boolean }) =>
      call(STAFF_CALLS.tickets.reply, {
        id: ticket.id,
        input: { ...values, attachments: attachments.files.map((f) => f.id) },
      }),
    onSuccess: async (answer, values) => {
      client.setQueryData(ticketDetailKey(ticket.id), answer);
      void message.success(values.close ? '已回复并关闭' : '已回复');
      form.resetFields();
      setRound((n) => n + 1);
      setAttachments({ files: [], uploading: false });
      await client.invalidateQueries({ queryKey: ['tickets'] });
    },
    onError: (error) => void message.error(error.message),
  });
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ content: '', close: false }}
      onFinish={(values) => reply.mutate(values)}
    >
      <Form.Item
        name="content"
        label="回复内容"
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              const result = ticketContentField.safeParse(value ?? '');
              if (!result.success) throw new Error(result.error.issues[0]?.message);
            },
          },
        ]}
      >
        <Input.TextArea rows={5} showCount maxLength={TICKET_CONTENT_MAX} />
      </Form.Item>
      <Form.Item label="附件">
        <AttachmentPicker
          key={round}
          upload={uploadStaffTicketFile}
          onChange={setAttachments}
          failureText={(error) => (error instanceof Error ? error.message : '上传失败')}
        />
      </Form.Item>
      <Space>
        <Form.Item name="close" valuePropName="checked" noStyle>
          <Checkbox>回复并关闭</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={reply.isPending} disabled={attachments.uploading}>
          发送回复
        </Button>
      </Space>
    </Form>
  );
}

export function TicketDetailDrawer({
  id,
  onClose,
  mayReply,
}: {
  id: number | null;
  onClose: () => void;
  mayReply: boolean;
}) {
  const { message } = App.useApp();
  const query = useQuery({
    queryKey: ticketDetailKey(id),
    queryFn: () => call(STAFF_CALLS.tickets.detail, { id: id ?? 0 }),
    enabled: id !== null,
  });
  const ticket = query.data;
  const save = (file: TicketFile) =>
    downloadStaffTicketFile(ticket?.id ?? 0, file).catch((error: Error) => void message.error(error.message));
  return (
    <Drawer
      open={id !== null}
      title={`工单详情 ${ticket?.no ?? ''}`}
      size={880}
      onClose={onClose}
      destroyOnHidden
    >
      {query.isLoading && <Spin />}
      {query.error && <Alert type="error" title={query.error.message} />}
      {ticket && (
        <>
          <Facts ticket={ticket} />
          <Section title="对话">
            <TicketConversation
              messages={ticket.messages}
              onDownload={save}
              authorExtra={(m) =>
                m.staff_username ? (
                  <Typography.Text type="secondary">（{m.staff_username}）</Typography.Text>
                ) : null
              }
            />
          </Section>
          {mayReply && ticket.status !== 'closed' && (
            <Section title="回复">
              <ReplyForm ticket={ticket} />
            </Section>
          )}
          <Section title="处理记录">
            <Timeline
              items={ticket.events.map((e) => ({
                key: e.id,
                children: (
                  <>
                    <Typography.Text strong>{TICKET_EVENT_ACTIONS[e.action]}</Typography.Text>{' '}
                    <Typography.Text type="secondary">
                      {e.actor} · {shanghaiSecond(e.at)}
                    </Typography.Text>
                    {e.detail && <div>{e.detail}</div>}
                  </>
                ),
              }))}
            />
          </Section>
        </>
      )}
    </Drawer>
  );
}
