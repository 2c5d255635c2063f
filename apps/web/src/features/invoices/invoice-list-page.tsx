// /invoice/list (发票管理): two tabs (the URL's `tab`). 发票记录: the member's invoices by state, with 下载 once issued
// (they are asked for in 我的订单); 常用抬头: the saved titles, 新增抬头 and 删除. An issued invoice's push refreshes
// the list wherever the member is (app/layout/use-invoice-push.ts).
import { FileTextOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { IconTitle } from '../../components/icon-title';
import { UrlTabs } from '../../components/url-tabs';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { InvoiceRecords } from './components/invoice-records';
import { InvoiceTitles } from './components/invoice-titles';
import './invoices.css';

/** The tabs: the URL's `tab` of each (absent: 发票记录). */
const TABS = [
  { key: 'invoices', label: '发票记录' },
  { key: 'titles', label: '常用抬头' },
] as const;

export function InvoiceListPage({ title }: { title?: string }) {
  useDocumentTitle(title || '发票管理');

  return (
    <Card title={<IconTitle icon={<FileTextOutlined />}>{title || '发票管理'}</IconTitle>}>
      <UrlTabs tabs={TABS} clears={['status', 'page', 'size']}>
        {(key) => (key === 'titles' ? <InvoiceTitles /> : <InvoiceRecords />)}
      </UrlTabs>
    </Card>
  );
}
