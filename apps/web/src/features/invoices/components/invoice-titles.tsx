// 发票管理's 常用抬头 tab: the saved titles, the most recently used first (申请发票 saves the one it used), 新增抬头 and
// 删除 (confirmed; the invoices asked for with a title keep it).
import { PlusOutlined } from '@ant-design/icons';
import { INVOICE_TITLE_MAX, type InvoiceTitle, TITLE_TYPE_TEXT } from '@uc/shared';
import { Button, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { LoadErrorResult } from '../../../components/load-error-result';
import { reportFailure } from '../../../lib/http/report-failure';
import { useDeleteInvoiceTitle } from '../../../lib/invoices/delete-invoice-title';
import { useInvoiceTitles } from '../../../lib/invoices/get-invoice-titles';
import { useAuthStore } from '../../../lib/session/auth-store';
import { confirmDialog, toastSuccess } from '../../../lib/ui/feedback';
import { TitleDialog } from './title-dialog';

function TitleCard({ title, onDelete }: { title: InvoiceTitle; onDelete: (title: InvoiceTitle) => void }) {
  const lines: [string, string][] = [
    ['纳税人识别号', title.tax_no],
    ['接收邮箱', title.email],
    ['注册地址', title.address],
    ['注册电话', title.phone],
    ['开户银行', title.bank],
    ['银行账号', title.bank_account],
  ];
  return (
    <li className="uc-invoice-title" aria-label={title.title}>
      <Flex justify="space-between" align="start" gap={8}>
        <Typography.Text strong className="uc-invoice-break">
          {title.title}
        </Typography.Text>
        <Tag color={title.title_type === 'company' ? 'blue' : 'default'} className="uc-invoice-title-type">
          {TITLE_TYPE_TEXT[title.title_type]}
        </Tag>
      </Flex>
      <dl className="uc-invoice-title-lines">
        {lines
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className="uc-invoice-break">{value}</dd>
            </div>
          ))}
      </dl>
      <Flex justify="end">
        <Button
          type="link"
          size="small"
          danger
          onClick={() => onDelete(title)}
          aria-label={`删除 ${title.title}`}
        >
          删除
        </Button>
      </Flex>
    </li>
  );
}

export function InvoiceTitles() {
  const userId = useAuthStore((s) => s.id);
  const titles = useInvoiceTitles(userId);
  const remove = useDeleteInvoiceTitle(userId);
  const [adding, setAdding] = useState(false);

  const destroy = (title: InvoiceTitle) =>
    void confirmDialog({
      title: '删除常用抬头',
      content: `确定删除抬头「${title.title}」吗？已申请的发票不受影响。`,
      okText: '删除',
      type: 'warning',
      onOk: () =>
        remove.mutateAsync(title.id).then(
          () => toastSuccess('已删除'),
          (error: unknown) => reportFailure(error, '删除失败，请稍后重试'),
        ),
    });

  let body: ReactNode;
  if (titles.isPending) body = <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  else if (titles.isError)
    body = <LoadErrorResult error={titles.error} onRetry={() => void titles.refetch()} />;
  else if (titles.data.length === 0)
    body = (
      <Empty
        description="暂无常用抬头，申请发票时填写的抬头会自动保存"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
      />
    );
  else
    body = (
      <ul className="uc-invoice-titles" aria-label="常用抬头列表">
        {titles.data.map((title) => (
          <TitleCard key={title.id} title={title} onDelete={destroy} />
        ))}
      </ul>
    );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary" className="uc-invoice-small">
          最多保存{INVOICE_TITLE_MAX}个常用抬头，申请发票时可直接选用
        </Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          新增抬头
        </Button>
      </Flex>
      {body}
      <TitleDialog open={adding} onClose={() => setAdding(false)} />
    </Flex>
  );
}
