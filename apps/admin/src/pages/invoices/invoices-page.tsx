// 发票: the queue of invoice requests (state tabs and filters by member, order number, title and date), its .xlsx, a
// request's detail drawer with its PDF, and the desk's moves: 开具 (the number and the PDF, sent as multipart), 驳回
// with the reason the member sees, 红冲 once the order was refunded.
import {
  INVOICE_STATUS_TEXT,
  INVOICE_STATUSES,
  INVOICE_TYPE_TEXT,
  type InvoiceStatus,
  ORDER_STATUS_TEXT,
  type OrderStatus,
  type RedLetter,
  STAFF_INVOICES_API,
  type StaffInvoice,
  shanghaiSecond,
} from '@uc/shared';
import { Button, Descriptions, Drawer, Space, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListPage, operationsColumn } from '../../components/list-page';
import { type ListSpec, useListQuery } from '../../components/use-list-query';
import { can, useSession } from '../../lib/session';
import { IssueModal, RedLetterNumberModal, RejectModal, ReverseModal } from './invoice-actions';

const LIST: ListSpec = {
  fields: [
    { kind: 'text', name: 'member', label: '会员', placeholder: '用户名或ID', maxLength: 32 },
    { kind: 'text', name: 'out_trade_no', label: '订单号', maxLength: 64 },
    { kind: 'text', name: 'title', label: '抬头', maxLength: 100 },
    { kind: 'dateRange', from: 'from', to: 'to', label: '申请日期' },
  ],
  title: '发票申请',
  key: 'invoices',
  path: STAFF_INVOICES_API.list,
  exportTo: { path: STAFF_INVOICES_API.export, fileName: '发票申请.xlsx', permission: 'invoices.export' },
  // The state is the tabs' above the list.
  outsideKeys: ['status'],
};
const COLOR: Record<InvoiceStatus, string> = {
  pending: 'orange',
  issued: 'green',
  rejected: 'default',
  reversed: 'red',
};
const pdfUrl = (id: number) => STAFF_INVOICES_API.pdf.replace('{id}', String(id));

/** What may be done with a request now: 开具/驳回 while pending, 红冲 once issued and the order refunded. */
const mayIssue = (i: StaffInvoice) => i.status === 'pending';
const mayReverse = (i: StaffInvoice) =>
  (i.status === 'issued' && i.order_status === 'refunded') ||
  (i.status === 'reversed' && i.red_number === null);

type Action = { kind: 'issue' | 'reject' | 'reverse'; invoice: StaffInvoice };

function Actions({ invoice, onAction }: { invoice: StaffInvoice; onAction: (a: Action) => void }) {
  return (
    <Space size={0}>
      {mayIssue(invoice) && (
        <>
          <Button size="small" type="link" onClick={() => onAction({ kind: 'issue', invoice })}>
            开具
          </Button>
          <Button size="small" type="link" danger onClick={() => onAction({ kind: 'reject', invoice })}>
            驳回
          </Button>
        </>
      )}
      {mayReverse(invoice) && (
        <Button size="small" type="link" danger onClick={() => onAction({ kind: 'reverse', invoice })}>
          {invoice.status === 'reversed' ? '补录红字号' : '红冲'}
        </Button>
      )}
    </Space>
  );
}

/** The order's money: what was paid, refunded and kept (what an invoice is issued at). */
function MoneyLine({ invoice }: { invoice: StaffInvoice }) {
  return (
    <Space size={4} wrap>
      <span>实付 ¥{invoice.paid.toFixed(2)}</span>
      <Typography.Text type={invoice.refunded > 0 ? 'danger' : 'secondary'}>
        已退款 ¥{invoice.refunded.toFixed(2)}
      </Typography.Text>
      <Typography.Text strong>留存 ¥{invoice.kept.toFixed(2)}</Typography.Text>
    </Space>
  );
}

/** The red-letter invoices a refund after issue produced, and what stays invoiced; 登记号码 for one without. */
function RedLetters({ invoice, onNumber }: { invoice: StaffInvoice; onNumber?: (red: RedLetter) => void }) {
  return (
    <Space direction="vertical" size={2}>
      {invoice.red_letters.map((r) => (
        <span key={r.id}>
          <Tag color="red">红字</Tag>-¥{r.amount.toFixed(2)} {r.number ?? '（待开具）'}
          <Typography.Text type="secondary"> {r.reason}</Typography.Text>
          {r.number === null && onNumber && (
            <Button size="small" type="link" onClick={() => onNumber(r)}>
              登记号码
            </Button>
          )}
        </span>
      ))}
      <Typography.Text>仍开票金额 ¥{invoice.invoiced.toFixed(2)}</Typography.Text>
    </Space>
  );
}

function DetailDrawer({
  invoice,
  onClose,
  actions,
  onRedNumber,
}: {
  invoice: StaffInvoice | null;
  onClose: () => void;
  actions: React.ReactNode;
  /** 登记号码 of a red-letter invoice (a role that may write). */
  onRedNumber?: ((red: RedLetter) => void) | undefined;
}) {
  return (
    <Drawer title="发票申请详情" open={invoice !== null} onClose={onClose} size="large" extra={actions}>
      {invoice && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="编号">#{invoice.id}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={COLOR[invoice.status]}>{INVOICE_STATUS_TEXT[invoice.status]}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="会员">
            {invoice.username} <Typography.Text type="secondary">#{invoice.user_id}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="订单">
            {invoice.out_trade_no}（{invoice.order_name}，
            {ORDER_STATUS_TEXT[invoice.order_status as OrderStatus] ?? invoice.order_status}）
          </Descriptions.Item>
          <Descriptions.Item label={invoice.status === 'pending' ? '开票金额（留存）' : '发票金额'}>
            ¥{invoice.amount.toFixed(2)}
          </Descriptions.Item>
          <Descriptions.Item label="订单款项">
            <MoneyLine invoice={invoice} />
          </Descriptions.Item>
          {invoice.red_letters.length > 0 && (
            <Descriptions.Item label="红字发票">
              <RedLetters invoice={invoice} {...(onRedNumber ? { onNumber: onRedNumber } : {})} />
            </Descriptions.Item>
          )}
          <Descriptions.Item label="发票类型">{INVOICE_TYPE_TEXT[invoice.invoice_type]}</Descriptions.Item>
          <Descriptions.Item label="抬头">{invoice.title}</Descriptions.Item>
          <Descriptions.Item label="税号">{invoice.tax_no || '—'}</Descriptions.Item>
          <Descriptions.Item label="接收邮箱">{invoice.email}</Descriptions.Item>
          {invoice.invoice_type === 'special' && (
            <>
              <Descriptions.Item label="地址电话">
                {invoice.address} {invoice.phone}
              </Descriptions.Item>
              <Descriptions.Item label="开户行及账号">
                {invoice.bank} {invoice.bank_account}
              </Descriptions.Item>
            </>
          )}
          <Descriptions.Item label="申请时间">{shanghaiSecond(invoice.created_at)}</Descriptions.Item>
          <Descriptions.Item label="发票号码">{invoice.number ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="开具时间">
            {invoice.issued_at ? shanghaiSecond(invoice.issued_at) : '—'}
          </Descriptions.Item>
          {invoice.red_number && (
            <Descriptions.Item label="红字发票号码">{invoice.red_number}</Descriptions.Item>
          )}
          {invoice.reason && <Descriptions.Item label="驳回/红冲原因">{invoice.reason}</Descriptions.Item>}
          {invoice.has_pdf && (
            <Descriptions.Item label="发票文件">
              <a href={pdfUrl(invoice.id)} target="_blank" rel="noreferrer">
                查看PDF
              </a>
            </Descriptions.Item>
          )}
        </Descriptions>
      )}
    </Drawer>
  );
}

export default function InvoicesPage() {
  const list = useListQuery<StaffInvoice>(LIST);
  const { data: session } = useSession();
  const mayWrite = can(session, 'invoices.write');
  const [open, setOpen] = useState<StaffInvoice | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [numbering, setNumbering] = useState<{ invoice: StaffInvoice; red: RedLetter } | null>(null);
  // The drawer shows the row as the list has it now (a move refetches the list).
  const shown = open ? (list.query.data?.list.find((i) => i.id === open.id) ?? open) : null;

  const columns: TableColumnsType<StaffInvoice> = [
    { title: '编号', dataIndex: 'id', width: 80 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: InvoiceStatus) => <Tag color={COLOR[s]}>{INVOICE_STATUS_TEXT[s]}</Tag>,
    },
    { title: '抬头', dataIndex: 'title', ellipsis: true },
    {
      title: '类型',
      dataIndex: 'invoice_type',
      width: 130,
      render: (t: StaffInvoice['invoice_type']) => INVOICE_TYPE_TEXT[t],
    },
    {
      title: '金额',
      dataIndex: 'amount',
      width: 120,
      align: 'right',
      // A request is issued at what was kept: the refund shows under it; an issued one, its red-letter invoices.
      render: (a: number, i) => {
        const red = i.red_letters.reduce((sum, r) => sum + r.amount, 0);
        const note =
          i.status === 'pending' && i.refunded > 0
            ? `已退 ¥${i.refunded.toFixed(2)}`
            : red > 0
              ? `红字 -¥${red.toFixed(2)}`
              : null;
        return (
          <>
            ¥{a.toFixed(2)}
            {note && (
              <div>
                <Typography.Text type="danger" style={{ fontSize: 12 }}>
                  {note}
                </Typography.Text>
              </div>
            )}
          </>
        );
      },
    },
    { title: '会员', dataIndex: 'username', width: 130 },
    { title: '订单号', dataIndex: 'out_trade_no', width: 220 },
    { title: '发票号码', dataIndex: 'number', width: 180, render: (n: string | null) => n ?? '—' },
    { title: '申请时间', dataIndex: 'created_at', width: 170, render: (at: string) => shanghaiSecond(at) },
    operationsColumn<StaffInvoice>(190, (i) => (
      <Space size={0}>
        <Button size="small" type="link" onClick={() => setOpen(i)}>
          详情
        </Button>
        {mayWrite && <Actions invoice={i} onAction={setAction} />}
      </Space>
    )),
  ];

  const status = list.filter.status ?? '';
  return (
    <>
      <Tabs
        activeKey={status}
        onChange={(next) => list.search({ ...list.filter, status: next })}
        items={[
          { key: '', label: '全部' },
          ...INVOICE_STATUSES.map((s) => ({ key: s, label: INVOICE_STATUS_TEXT[s] })),
        ]}
      />
      <ListPage<StaffInvoice>
        list={{ ...list, search: (next) => list.search({ ...next, ...(status ? { status } : {}) }) }}
        columns={columns}
        rowKey="id"
        scrollX={1400}
      />
      <DetailDrawer
        invoice={shown}
        onClose={() => setOpen(null)}
        actions={shown && mayWrite ? <Actions invoice={shown} onAction={setAction} /> : null}
        onRedNumber={shown && mayWrite ? (red) => setNumbering({ invoice: shown, red }) : undefined}
      />
      {/* Mounted when asked, so it opens above the drawer it is asked from. */}
      {numbering && <RedLetterNumberModal target={numbering} onClose={() => setNumbering(null)} />}
      <IssueModal
        invoice={action?.kind === 'issue' ? action.invoice : null}
        onClose={() => setAction(null)}
      />
      <RejectModal
        invoice={action?.kind === 'reject' ? action.invoice : null}
        onClose={() => setAction(null)}
      />
      <ReverseModal
        invoice={action?.kind === 'reverse' ? action.invoice : null}
        onClose={() => setAction(null)}
      />
    </>
  );
}
