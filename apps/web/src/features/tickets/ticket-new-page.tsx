// /ticket/new (提交工单): the category (preselected by `?category=`), the description (5-2,000 characters, counted), up
// to 5 attachments uploaded as they are picked (progress, remove), and, read-only, the page it was opened from
// (`?from=`, an in-app path) and the order it is about (`?order_no=`). Sent, it opens the new ticket.
import { FormOutlined } from '@ant-design/icons';
import type { AttachmentState } from '@uc/client';
import {
  MSG,
  TICKET_CATEGORY_KEYS,
  TICKET_CONTENT_MAX,
  TICKET_PAGE_MAX,
  type TicketCategory,
  ticketContentField,
} from '@uc/shared';
import { Button, Card, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { IconTitle } from '../../components/icon-title';
import { reportFailure } from '../../lib/http/report-failure';
import { useAuthStore } from '../../lib/session/auth-store';
import { toastSuccess } from '../../lib/ui/feedback';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { zodRule } from '../../lib/zod-rule';
import { BASENAME, paths, ticketDetailPath } from '../../paths';
import { useCreateTicket } from './api/create-ticket';
import { NO_ATTACHMENTS, TicketAttachments } from './components/ticket-attachments';
import { CATEGORY_OPTIONS } from './components/ticket-category';
import './tickets.css';

interface TicketForm {
  category?: TicketCategory;
  content: string;
}

/** `?from=`: an in-app path (not the login or this page), kept with the ticket under the app's basename. */
function fromPage(raw: string | null): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith(paths.ticketNew)) return null;
  const page = `${BASENAME}${raw}`;
  return [...page].length <= TICKET_PAGE_MAX ? page : null;
}

export function TicketNewPage({ title }: { title?: string }) {
  const heading = title || '提交工单';
  useDocumentTitle(heading);
  const userId = useAuthStore((s) => s.id);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const rawCategory = search.get('category') ?? '';
  const category = (TICKET_CATEGORY_KEYS as readonly string[]).includes(rawCategory)
    ? (rawCategory as TicketCategory)
    : undefined;
  const page = fromPage(search.get('from'));
  const orderNo = (search.get('order_no') ?? '').trim().slice(0, 32);
  const [form] = Form.useForm<TicketForm>();
  const [attachments, setAttachments] = useState<AttachmentState>(NO_ATTACHMENTS);
  const create = useCreateTicket(userId);

  const submit = async (values: TicketForm) => {
    try {
      const ticket = await create.mutateAsync({
        category: values.category ?? 'other',
        content: values.content,
        attachments: attachments.files.map((f) => f.id),
        ...(page ? { page } : {}),
        ...(orderNo ? { order_no: orderNo } : {}),
      });
      toastSuccess(MSG.ticketCreated);
      navigate(ticketDetailPath(ticket.id), { replace: true });
    } catch (error) {
      reportFailure(error, '提交失败，请稍后重试');
    }
  };

  return (
    <Card title={<IconTitle icon={<FormOutlined />}>{heading}</IconTitle>}>
      <Form<TicketForm>
        form={form}
        layout="vertical"
        className="uc-ticket-form"
        initialValues={{ category, content: '' }}
        onFinish={(values) => void submit(values)}
        requiredMark={false}
      >
        <Form.Item
          name="category"
          label="问题分类"
          rules={[{ required: true, message: MSG.ticketCategoryInvalid }]}
        >
          <Select<TicketCategory> placeholder="请选择问题分类" options={CATEGORY_OPTIONS} />
        </Form.Item>
        <Form.Item name="content" label="问题描述" rules={[zodRule(ticketContentField)]}>
          <Input.TextArea
            rows={6}
            showCount
            maxLength={TICKET_CONTENT_MAX}
            placeholder="请描述遇到的问题：做了什么操作、看到了什么提示，便于客服尽快处理"
          />
        </Form.Item>
        <Form.Item label="附件">
          <TicketAttachments onChange={setAttachments} />
        </Form.Item>
        {page && (
          <Form.Item label="来源页面">
            <Typography.Text code className="uc-ticket-readonly" aria-label="来源页面">
              {page}
            </Typography.Text>
          </Form.Item>
        )}
        {orderNo && (
          <Form.Item label="相关订单">
            <Input value={orderNo} readOnly aria-label="相关订单" />
          </Form.Item>
        )}
        <Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={create.isPending}
            disabled={attachments.uploading}
          >
            {attachments.uploading ? '附件上传中…' : '提交工单'}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
