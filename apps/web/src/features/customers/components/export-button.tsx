// 导出: downloads the filtered list as .xlsx and says under which name it was saved.
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { errorText } from '../../../lib/http/api-error';
import { toastError, toastSuccess } from '../../../lib/ui/feedback';
import { usePending } from '../../../lib/ui/use-pending';
import { exportCustomers } from '../api/export-customers';
import { type CustomerFilters, toQuery } from '../model/filters';

export function ExportButton({ filters, disabled }: { filters: CustomerFilters; disabled: boolean }) {
  const [exporting, run] = usePending();

  const onExport = () =>
    run(async () => {
      try {
        const name = await exportCustomers(toQuery(filters));
        toastSuccess(`已导出 ${name}`);
      } catch (error) {
        toastError(errorText(error, '导出失败'));
      }
    });

  return (
    <Button
      icon={<DownloadOutlined />}
      loading={exporting}
      onClick={() => void onExport()}
      disabled={disabled}
    >
      导出
    </Button>
  );
}
