// The customer table's columns: the name opens the detail drawer; capital, registration date and time added sort
// on the server; the member's tags; 移除 asks first.
import { type CustomerItem, shanghaiDate } from '@uc/shared';
import { Button, Popconfirm, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { numberText } from '../../../lib/ui/number-text';
import type { CustomerFilters } from '../model/filters';
import { sortOrderOf } from '../model/sort';

export interface CustomerRowActions {
  open: (row: CustomerItem) => void;
  /** Removes the row (after its Popconfirm); resolves when done. */
  remove: (row: CustomerItem) => Promise<unknown>;
}

export function customerColumns(
  filters: CustomerFilters,
  { open, remove }: CustomerRowActions,
): TableColumnsType<CustomerItem> {
  return [
    {
      title: '企业名称',
      dataIndex: 'cus_name',
      width: 240,
      render: (_v, row) => (
        <Typography.Link onClick={() => open(row)} className="customer-name-link">
          {row.cus_name}
        </Typography.Link>
      ),
    },
    {
      title: '标签',
      dataIndex: 'tags',
      width: 180,
      render: (tags: string[] | undefined) =>
        tags && tags.length > 0 ? (
          <Space size={[0, 4]} wrap>
            {tags.map((tag) => (
              <Tag key={tag} color="geekblue">
                {tag}
              </Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    { title: '所属行业', dataIndex: 'industry_name', width: 160, ellipsis: true },
    {
      title: '所在地区',
      key: 'area',
      width: 140,
      render: (_v, row) =>
        row.area_name === row.city_name ? row.city_name : `${row.city_name} ${row.area_name}`,
    },
    {
      title: '高新技术企业',
      dataIndex: 'is_hightech',
      width: 116,
      align: 'center',
      render: (v: boolean) =>
        v ? <Tag color="purple">高新</Tag> : <Typography.Text type="secondary">否</Typography.Text>,
    },
    {
      title: '注册资本（万元）',
      dataIndex: 'reg_capital',
      key: 'reg_capital',
      width: 150,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(filters, 'reg_capital'),
      render: (v: number) => numberText(v),
    },
    {
      title: '成立日期',
      dataIndex: 'reg_time',
      key: 'reg_time',
      width: 120,
      sorter: true,
      sortOrder: sortOrderOf(filters, 'reg_time'),
    },
    {
      title: '添加时间',
      dataIndex: 'created_at',
      key: 'created_at',
      width: 120,
      sorter: true,
      sortOrder: sortOrderOf(filters, 'created_at'),
      render: (v: string) => shanghaiDate(v),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_v, row) => (
        <Popconfirm
          title={`移除「${row.cus_name}」？`}
          description="该客户的标签和跟进记录将一并删除。"
          okText="移除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => remove(row)}
        >
          <Button type="link" danger size="small" aria-label={`移除 ${row.cus_name}`}>
            移除
          </Button>
        </Popconfirm>
      ),
    },
  ];
}
