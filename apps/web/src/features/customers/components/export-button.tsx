// 导出: downloads the filtered list as .xlsx and says under which name it was saved.
import { ExportButton } from '@uc/client';
import { errorText } from '../../../lib/http/api-error';
import { toastError, toastSuccess } from '../../../lib/ui/feedback';
import { exportCustomers } from '../api/export-customers';
import { type CustomerFilters, toQuery } from '../model/filters';

export function CustomersExportButton({
  filters,
  disabled,
}: {
  filters: CustomerFilters;
  disabled: boolean;
}) {
  const onExport = async () => {
    try {
      const name = await exportCustomers(toQuery(filters));
      toastSuccess(`已导出 ${name}`);
    } catch (error) {
      toastError(errorText(error, '导出失败'));
    }
  };
  return <ExportButton onExport={onExport} disabled={disabled} />;
}
