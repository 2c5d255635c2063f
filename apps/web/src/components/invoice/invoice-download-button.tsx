// 下载发票: the issued invoice's PDF, fetched with the session's token (a plain link would not carry it).
import { Button } from 'antd';
import { reportFailure } from '../../lib/http/report-failure';
import { downloadInvoice } from '../../lib/invoices/download-invoice';
import { usePending } from '../../lib/ui/use-pending';

export function InvoiceDownloadButton({
  id,
  label,
  text = '下载发票',
}: {
  /** The invoice's id. */
  id: number;
  /** The button's accessible name: what it downloads (下载发票 <order>). */
  label: string;
  text?: string;
}) {
  const [saving, save] = usePending();
  const download = () =>
    save(async () => {
      try {
        await downloadInvoice(id);
      } catch (error) {
        reportFailure(error, '下载失败，请稍后重试');
      }
    });
  return (
    <Button type="link" size="small" loading={saving} onClick={() => void download()} aria-label={label}>
      {text}
    </Button>
  );
}
