// The list's toolbar: 添加客户, 批量导入, 导出, 移除客户 for the selected rows, and the quota (已有 X / 上限 Y 个客户).
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { CustomerQuota } from '@uc/shared';
import { Button, Space, Typography } from 'antd';
import { numberText } from '../../../lib/ui/number-text';
import type { CustomerFilters } from '../model/filters';
import { CustomersExportButton } from './export-button';

export interface CustomerToolbarProps {
  filters: CustomerFilters;
  quota: CustomerQuota | undefined;
  /** Rows of the filtered list (导出 is off when none). */
  total: number | undefined;
  selected: number;
  removing: boolean;
  onAdd: () => void;
  onImport: () => void;
  onRemoveSelected: () => void;
}

export function CustomerToolbar(props: CustomerToolbarProps) {
  const { quota, selected } = props;
  const full = quota !== undefined && quota.count >= quota.limit;
  return (
    <div className="customer-toolbar">
      <Space wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd}>
          添加客户
        </Button>
        <Button icon={<UploadOutlined />} onClick={props.onImport}>
          批量导入
        </Button>
        <CustomersExportButton filters={props.filters} disabled={props.total === 0} />
        {selected > 0 && (
          <Button danger icon={<DeleteOutlined />} loading={props.removing} onClick={props.onRemoveSelected}>
            {`移除客户（${selected}）`}
          </Button>
        )}
      </Space>
      <Typography.Text type={full ? 'warning' : 'secondary'} data-testid="customer-quota">
        {quota === undefined
          ? '\u00a0'
          : `已有 ${numberText(quota.count)} / 上限 ${numberText(quota.limit)} 个客户`}
      </Typography.Text>
    </div>
  );
}
