// 发票管理's 发票记录 tab: the member's invoices by state (the URL's `status`), paged through the URL, a table on a wide
// screen and cards on a phone: each with its order, amount, type, title, state (why it was rejected or reversed),
// number and 下载 once its PDF is there; a refund after issue shows its red-letter invoice (红字发票) under the amount
// with what stays invoiced. None yet: where to ask for one (我的订单).
import {
  INVOICE_STATUS_TEXT,
  INVOICE_STATUSES,
  INVOICE_TYPE_TEXT,
  type Invoice,
  type InvoiceStatus,
  shanghaiMinute,
  TITLE_TYPE_TEXT,
} from '@uc/shared';
import { Empty, Flex, Segmented, type TableColumnsType, Typography } from 'antd';
import { InvoiceDownloadButton } from '../../../components/invoice/invoice-download-button';
import { InvoiceStatusTag } from '../../../components/invoice/invoice-status-tag';
import { LinkButton } from '../../../components/link-button';
import { type StateChoice, useStatusFilter } from '../../../components/status-filter';
import { RowsTable, UrlPagedList } from '../../../components/url-paged-list';
import { useUrlPagination } from '../../../components/url-pagination';
import { useAuthStore } from '../../../lib/session/auth-store';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/ui/use-media-query';
import { yuanText } from '../../../lib/ui/yuan-text';
import { paths } from '../../../paths';
import { useInvoiceList } from '../api/get-invoice-list';

/** Why an invoice was rejected or reversed, under its state. */
function Reason({ invoice }: { invoice: Invoice }) {
  if (!invoice.reason || (invoice.status !== 'rejected' && invoice.status !== 'reversed')) return null;
  return (
    <Typography.Text type="secondary" className="uc-invoice-small">
      {invoice.status === 'rejected' ? '驳回原因' : '红冲原因'}：{invoice.reason}
    </Typography.Text>
  );
}

/** The red-letter invoices a refund after issue produced, and what stays invoiced. */
function RedLetters({ invoice }: { invoice: Invoice }) {
  if (invoice.red_letters.length === 0) return null;
  return (
    <>
      {invoice.red_letters.map((red) => (
        <Typography.Text key={red.id} type="danger" className="uc-invoice-small">
          红字发票 -{yuanText(red.amount)}
          {red.number ? `（${red.number}）` : '（开具中）'}
        </Typography.Text>
      ))}
      <Typography.Text type="secondary" className="uc-invoice-small">
        仍开票 {yuanText(invoice.invoiced)}
      </Typography.Text>
    </>
  );
}

function Download({ invoice }: { invoice: Invoice }) {
  if (!invoice.has_pdf) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <InvoiceDownloadButton
      id={invoice.id}
      label={`下载发票 ${invoice.number ?? invoice.out_trade_no}`}
      text="下载"
    />
  );
}

const titleLine = (invoice: Invoice) =>
  `${TITLE_TYPE_TEXT[invoice.title_type]}${invoice.tax_no ? ` · ${invoice.tax_no}` : ''}`;

const COLUMNS: TableColumnsType<Invoice> = [
  {
    title: '申请时间',
    dataIndex: 'created_at',
    key: 'created',
    render: (at: string) => shanghaiMinute(at),
  },
  {
    title: '订单',
    key: 'order',
    render: (_, invoice) => (
      <Flex vertical gap={2}>
        <span>{invoice.order_name}</span>
        <Typography.Text type="secondary" className="uc-invoice-small uc-invoice-break">
          {invoice.out_trade_no}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: '金额',
    dataIndex: 'amount',
    key: 'amount',
    render: (amount: number, invoice) => (
      <Flex vertical gap={2}>
        <span>{yuanText(amount)}</span>
        <RedLetters invoice={invoice} />
      </Flex>
    ),
  },
  {
    title: '发票类型',
    dataIndex: 'invoice_type',
    key: 'type',
    render: (type: Invoice['invoice_type']) => INVOICE_TYPE_TEXT[type],
  },
  {
    title: '抬头',
    key: 'title',
    render: (_, invoice) => (
      <Flex vertical gap={2}>
        <span>{invoice.title}</span>
        <Typography.Text type="secondary" className="uc-invoice-small">
          {titleLine(invoice)}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: '状态',
    key: 'status',
    render: (_, invoice) => (
      <Flex vertical align="start" gap={2}>
        <InvoiceStatusTag status={invoice.status} />
        <Reason invoice={invoice} />
      </Flex>
    ),
  },
  {
    title: '发票号码',
    dataIndex: 'number',
    key: 'number',
    render: (number: string | null) => number ?? '—',
  },
  { title: '操作', key: 'actions', render: (_, invoice) => <Download invoice={invoice} /> },
];

function InvoiceCards({ invoices }: { invoices: readonly Invoice[] }) {
  return (
    <ul className="uc-invoice-cards" aria-label="发票列表">
      {invoices.map((invoice) => (
        <li key={invoice.id} className="uc-invoice-card">
          <Flex justify="space-between" align="center" gap={8}>
            <Typography.Text strong>{invoice.order_name}</Typography.Text>
            <InvoiceStatusTag status={invoice.status} />
          </Flex>
          <Typography.Text>
            {yuanText(invoice.amount)} · {INVOICE_TYPE_TEXT[invoice.invoice_type]}
          </Typography.Text>
          <RedLetters invoice={invoice} />
          <Typography.Text className="uc-invoice-break">{invoice.title}</Typography.Text>
          <Typography.Text type="secondary" className="uc-invoice-small uc-invoice-break">
            {titleLine(invoice)}
          </Typography.Text>
          <Typography.Text type="secondary" className="uc-invoice-small uc-invoice-break">
            订单编号：{invoice.out_trade_no}
          </Typography.Text>
          <Typography.Text type="secondary" className="uc-invoice-small">
            申请时间：{shanghaiMinute(invoice.created_at)}
          </Typography.Text>
          {invoice.number && (
            <Typography.Text type="secondary" className="uc-invoice-small">
              发票号码：{invoice.number}
            </Typography.Text>
          )}
          <Reason invoice={invoice} />
          {invoice.has_pdf && (
            <Flex justify="end">
              <Download invoice={invoice} />
            </Flex>
          )}
        </li>
      ))}
    </ul>
  );
}

function NoInvoices({ filtered }: { filtered: boolean }) {
  return (
    <Empty description="暂无发票" style={{ padding: '32px 0' }}>
      {!filtered && (
        <Flex vertical align="center" gap={12}>
          <Typography.Text type="secondary">已支付的订单可在「我的订单」中申请发票</Typography.Text>
          <LinkButton type="primary" to={paths.orderList}>
            前往我的订单
          </LinkButton>
        </Flex>
      )}
    </Empty>
  );
}

export function InvoiceRecords() {
  const userId = useAuthStore((s) => s.id);
  const phone = useMediaQuery(PHONE_QUERY);
  const { status, segmented } = useStatusFilter(INVOICE_STATUSES, INVOICE_STATUS_TEXT, { clearsPage: true });
  const pager = useUrlPagination();
  const query = useInvoiceList(userId, { page: pager.page, size: pager.size, ...(status ? { status } : {}) });

  return (
    <Flex vertical gap={16}>
      <Segmented<StateChoice<InvoiceStatus>>
        aria-label="发票状态"
        className="uc-invoice-filter"
        {...segmented}
      />
      <UrlPagedList
        query={query}
        pager={pager}
        skeletonRows={6}
        empty={<NoInvoices filtered={status !== undefined} />}
        simple={phone}
      >
        {(rows) =>
          phone ? (
            <InvoiceCards invoices={rows} />
          ) : (
            <RowsTable<Invoice> rowKey="id" columns={COLUMNS} rows={rows} label="发票列表" />
          )
        }
      </UrlPagedList>
    </Flex>
  );
}
