// An invoice's state as 我的订单 and 发票管理 show it: 申请中, 已开具, 已驳回, 已红冲 (in 我的订单, 发票申请中...).
import { INVOICE_STATUS_TEXT, type InvoiceStatus } from '@uc/shared';
import { Tag } from 'antd';

const COLOR: Record<InvoiceStatus, string> = {
  pending: 'processing',
  issued: 'green',
  rejected: 'red',
  reversed: 'default',
};

/** `named`: the tag says whose state it is (发票已开具), beside an order's own state. */
export function InvoiceStatusTag({ status, named = false }: { status: InvoiceStatus; named?: boolean }) {
  return (
    <Tag color={COLOR[status]} variant="filled">
      {named ? `发票${INVOICE_STATUS_TEXT[status]}` : INVOICE_STATUS_TEXT[status]}
    </Tag>
  );
}
