// 订单: every order filtered by number, member, mobile, plan, channel, state, 发起支付 and date (the orders nobody
// tried to pay only on asking), exported as .xlsx, each one's detail in a drawer; 确认转账 for a transfer awaiting
// confirmation and 退款 only for the roles holding those permissions; and 重复支付, the orders paid twice with money
// owed back, refundable from there.
import { useQuery } from '@tanstack/react-query';
import { OrderStatusTag } from '@uc/client';
import {
  channelText,
  ORDER_CHANNELS,
  ORDER_STATUS_TEXT,
  ORDER_STATUSES,
  ORDER_TRIED_FILTERS,
  ORDER_TRIED_TEXT,
  STAFF_CALLS,
  STAFF_ORDERS_API,
  type StaffDoublePaid,
  type StaffOrder,
  type StaffOrderDetail,
  type StaffRefundable,
  shanghaiSecond,
} from '@uc/shared';
import { Button, Card, Table, type TableColumnsType, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { ExportButton } from '../../components/export-button';
import { ListPage, operationsColumn } from '../../components/list-page';
import { type ListSpec, useListQuery } from '../../components/use-list-query';
import { call } from '../../lib/http';
import { can, useSession } from '../../lib/session';
import { ConfirmTransferModal, OfflineRefundModal, RefundModal } from './order-actions';
import { DetailButton, OrderDetailDrawer } from './order-detail-drawer';

const LIST: ListSpec = {
  fields: [
    { kind: 'text', name: 'out_trade_no', label: '订单号', maxLength: 20 },
    { kind: 'text', name: 'member', label: '会员', placeholder: '用户名或ID', maxLength: 64 },
    { kind: 'text', name: 'mobile', label: '手机', maxLength: 20 },
    { kind: 'id', name: 'plan', label: '套餐ID' },
    {
      kind: 'select',
      name: 'channel',
      label: '渠道',
      options: ORDER_CHANNELS.map((c) => ({ value: c, label: channelText(c) })),
    },
    {
      kind: 'select',
      name: 'state',
      label: '状态',
      options: ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_TEXT[s] })),
    },
    // Unset: the orders the member tried to pay; 未发起支付 the ones the order page opened and nobody paid.
    {
      kind: 'select',
      name: 'tried',
      label: '发起支付',
      options: ORDER_TRIED_FILTERS.map((v) => ({ value: v, label: ORDER_TRIED_TEXT[v] })),
    },
    { kind: 'dateRange', from: 'from', to: 'to', label: '下单日期' },
  ],
  title: '订单',
  key: 'orders',
  path: STAFF_ORDERS_API.list,
  exportTo: { path: STAFF_ORDERS_API.export, fileName: '订单.xlsx', permission: 'orders.export' },
};

const when = (at: string | null) => (at ? shanghaiSecond(at) : '—');
const money = (yuan: number) => `¥${yuan.toFixed(2)}`;

/** The columns both lists show of an order. */
function orderColumns<T extends StaffOrder>(open: (no: string) => void): TableColumnsType<T> {
  return [
    {
      title: '订单号',
      dataIndex: 'out_trade_no',
      width: 200,
      render: (no: string) => (
        <Typography.Link onClick={() => open(no)} copyable={{ text: no }}>
          {no}
        </Typography.Link>
      ),
    },
    // Next to the number: the state is what a row is looked at for, visible without scrolling sideways.
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (status: StaffOrder['status']) => <OrderStatusTag status={status} audience="staff" />,
    },
    {
      title: '会员',
      dataIndex: 'username',
      width: 140,
      render: (name: string, row) => (
        <>
          {name} <Typography.Text type="secondary">#{row.user_id}</Typography.Text>
        </>
      ),
    },
    { title: '手机', dataIndex: 'mobile', width: 120, render: (m: string | null) => m ?? '—' },
    {
      title: '套餐',
      dataIndex: 'plan_name',
      width: 140,
      render: (name: string, row) => `${name || `#${row.gid}`} × ${row.count}`,
    },
    { title: '渠道', dataIndex: 'channel', width: 100, render: channelText },
    { title: '金额', dataIndex: 'amount', width: 110, align: 'right', render: money },
    { title: '下单时间', dataIndex: 'created_at', width: 170, render: when },
    { title: '支付时间', dataIndex: 'paid_at', width: 170, render: when },
  ];
}

type DoublePaidRow = StaffOrder & { attempts: StaffDoublePaid['attempts'] };

interface RefundTarget {
  outTradeNo: string;
  refundable: readonly StaffRefundable[];
}

export default function OrdersPage() {
  const { data: session } = useSession();
  const mayConfirm = can(session, 'orders.confirm_transfer');
  const mayRefund = can(session, 'orders.refund');
  const [open, setOpen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ outTradeNo: string; amount: number } | null>(null);
  const [refunding, setRefunding] = useState<RefundTarget | null>(null);

  const actions = (detail: StaffOrderDetail) => (
    <>
      {mayConfirm && detail.order.status === 'awaiting_transfer' && (
        <Button
          type="primary"
          onClick={() =>
            setConfirming({ outTradeNo: detail.order.out_trade_no, amount: detail.order.amount })
          }
        >
          确认转账
        </Button>
      )}
      {mayRefund && detail.refundable.length > 0 && (
        <Button
          danger
          onClick={() =>
            setRefunding({ outTradeNo: detail.order.out_trade_no, refundable: detail.refundable })
          }
        >
          退款
        </Button>
      )}
    </>
  );

  return (
    <>
      <Tabs
        items={[
          { key: 'all', label: '订单列表', children: <OrderList open={setOpen} /> },
          {
            key: 'double',
            label: '重复支付',
            children: <DoublePaidList open={setOpen} mayRefund={mayRefund} refund={setRefunding} />,
          },
        ]}
      />
      <OrderDetailDrawer outTradeNo={open} onClose={() => setOpen(null)} actions={actions} />
      {/* Mounted only while open: both forms have `amount` and `reason` fields, whose ids would clash. */}
      {confirming && (
        <ConfirmTransferModal
          outTradeNo={confirming.outTradeNo}
          amount={confirming.amount}
          onClose={() => setConfirming(null)}
        />
      )}
      {/* A transfer's money goes back by bank (线下退款); a gateway's through the gateway. */}
      {refunding?.refundable.some((a) => a.offline) && (
        <OfflineRefundModal
          outTradeNo={refunding.outTradeNo}
          refundable={refunding.refundable.find((a) => a.offline)}
          onClose={() => setRefunding(null)}
        />
      )}
      {refunding && !refunding.refundable.some((a) => a.offline) && (
        <RefundModal
          outTradeNo={refunding.outTradeNo}
          refundable={refunding.refundable}
          onClose={() => setRefunding(null)}
        />
      )}
    </>
  );
}

function OrderList({ open }: { open: (no: string) => void }) {
  const list = useListQuery<StaffOrder>(LIST);
  const columns: TableColumnsType<StaffOrder> = [
    ...orderColumns(open),
    {
      title: '操作',
      key: 'detail',
      width: 80,
      fixed: 'right',
      render: (_, row) => <DetailButton onClick={() => open(row.out_trade_no)} />,
    },
  ];
  return <ListPage<StaffOrder> list={list} columns={columns} rowKey="out_trade_no" scrollX={1400} />;
}

function DoublePaidList({
  open,
  mayRefund,
  refund,
}: {
  open: (no: string) => void;
  mayRefund: boolean;
  refund: (target: RefundTarget) => void;
}) {
  const query = useQuery({
    queryKey: ['orders-double-paid'],
    queryFn: () => call(STAFF_CALLS.orders.doublePaid, {}),
  });
  // One row per order: the order's fields with the payments it may be refunded from.
  const rows: DoublePaidRow[] = (query.data ?? []).map((o) => ({ ...o.order, attempts: o.attempts }));
  const columns: TableColumnsType<DoublePaidRow> = [
    ...orderColumns<DoublePaidRow>(open),
    {
      title: '待退金额',
      key: 'owed',
      width: 110,
      align: 'right',
      render: (_, row) => <Typography.Text type="danger">{money(row.owed)}</Typography.Text>,
    },
    {
      title: '可退的重复支付',
      key: 'attempts',
      width: 260,
      render: (_, row) =>
        row.attempts.map((a) => (
          <div key={a.attempt_id}>
            {a.trade_no}（{channelText(a.provider)} 可退 {money(a.refundable)}）
          </div>
        )),
    },
    operationsColumn<DoublePaidRow>(120, (row) => (
      <>
        <DetailButton onClick={() => open(row.out_trade_no)} />
        {mayRefund && row.attempts.length > 0 && (
          <Button
            type="link"
            size="small"
            danger
            onClick={() => refund({ outTradeNo: row.out_trade_no, refundable: row.attempts })}
          >
            退款
          </Button>
        )}
      </>
    )),
  ];
  return (
    <Card
      title="重复支付（多付的款项待退回）"
      extra={
        <ExportButton
          path={STAFF_ORDERS_API.doublePaidExport}
          query={{}}
          fileName="重复支付.xlsx"
          permission="orders.export"
        />
      }
    >
      <Table<DoublePaidRow>
        rowKey="out_trade_no"
        loading={query.isFetching}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 1700 }}
        pagination={false}
        locale={{ emptyText: query.error ? query.error.message : '暂无重复支付的订单' }}
      />
    </Card>
  );
}
