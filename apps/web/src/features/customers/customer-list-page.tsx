// /customer/list (我的客户): the member's customers in a server-paged, sorted table with the dashboard's filters, a
// name search and registration-date and capital ranges, all kept in the URL; a row opens its detail drawer; 导出
// downloads the filtered list as .xlsx.
import {
  DownloadOutlined,
  DownOutlined,
  ReloadOutlined,
  SearchOutlined,
  UpOutlined,
} from '@ant-design/icons';
import {
  CITIES,
  type CustomerItem,
  type CustomerSort,
  cityOfArea,
  INDUSTRIES,
  shanghaiDate,
} from '@uc/shared';
import {
  Button,
  Card,
  Cascader,
  DatePicker,
  Empty,
  Form,
  Grid,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  type TableColumnsType,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadErrorResult } from '../../components/load-error-result';
import { UrlPagination, useKeepPageInRange, useUrlPagination } from '../../components/url-pagination';
import { errorText } from '../../lib/http/api-error';
import { useAuthStore } from '../../lib/session/auth-store';
import { getCity } from '../../lib/session/cookies';
import { toastError, toastSuccess } from '../../lib/ui/feedback';
import { exportCustomers } from './api/export-customers';
import { useCustomers } from './api/get-customers';
import { CustomerDrawer } from './components/customer-drawer';
import { type CustomerFilters, hasFilters, readFilters, toQuery, writeFilters } from './model/filters';
import './customers.css';

const TYPE_OPTIONS = [
  { value: 'sb', label: '可申报客户' },
  { value: 'gs', label: '公示客户' },
  { value: 'zc', label: '政策匹配客户' },
];
const HIGHTECH_OPTIONS = [
  { value: 1, label: '是' },
  { value: 0, label: '否' },
];
const INDUSTRY_OPTIONS = INDUSTRIES.map((i) => ({ value: i.code, label: i.name }));

/** The cityinfo city first, then the others; each city with 全市 and its districts. */
function areaOptions() {
  const first = getCity().citycode;
  return [...CITIES]
    .sort((a, b) => Number(b.citycode === first) - Number(a.citycode === first))
    .map((c) => ({
      value: c.citycode,
      label: c.cityname,
      children:
        c.districts.length > 0
          ? [
              { value: c.citycode, label: '全市' },
              ...c.districts.map((d) => ({ value: d.code, label: d.name })),
            ]
          : undefined,
    }));
}

/** The cascader's path of an area code: [city] for a city, [city, district] for a district. */
function areaPath(area: string | undefined): string[] | undefined {
  if (!area) return undefined;
  const city = cityOfArea(area);
  if (!city) return undefined;
  if (city.citycode === area) return city.districts.length > 0 ? [area, area] : [area];
  return [city.citycode, area];
}

interface FormValues {
  name?: string;
  area?: string[];
  industries?: string[];
  is_hightech?: 0 | 1;
  type?: CustomerFilters['type'];
  reg?: [Dayjs | null, Dayjs | null] | null;
  capital_min?: number | null;
  capital_max?: number | null;
}

function toFormValues(f: CustomerFilters): FormValues {
  return {
    name: f.name,
    area: areaPath(f.area),
    industries: f.industry_codes ?? (f.industry_code ? [f.industry_code] : undefined),
    is_hightech: f.is_hightech,
    type: f.type,
    reg:
      f.reg_start || f.reg_end
        ? [f.reg_start ? dayjs(f.reg_start) : null, f.reg_end ? dayjs(f.reg_end) : null]
        : null,
    capital_min: f.capital_min === undefined ? null : Number(f.capital_min),
    capital_max: f.capital_max === undefined ? null : Number(f.capital_max),
  };
}

function fromFormValues(v: FormValues, prev: CustomerFilters): CustomerFilters {
  const industries = v.industries ?? [];
  // A single industry the link set stays industry_code (the dashboard's own filter); a choice writes industry_codes.
  const sameSingle =
    prev.industry_code !== undefined && industries.length === 1 && industries[0] === prev.industry_code;
  const amount = (n: number | null | undefined) => (n === null || n === undefined ? undefined : String(n));
  return {
    name: v.name?.trim() || undefined,
    area: v.area?.[v.area.length - 1],
    industry_code: sameSingle ? prev.industry_code : undefined,
    industry_codes: !sameSingle && industries.length > 0 ? industries : undefined,
    is_hightech: v.is_hightech,
    type: v.type,
    reg_start: v.reg?.[0]?.format('YYYY-MM-DD'),
    reg_end: v.reg?.[1]?.format('YYYY-MM-DD'),
    capital_min: amount(v.capital_min),
    capital_max: amount(v.capital_max),
    sort: prev.sort,
    order: prev.order,
  };
}

const sortOrderOf = (filters: CustomerFilters, key: CustomerSort) =>
  (filters.sort ?? 'created_at') === key
    ? (filters.order ?? 'desc') === 'asc'
      ? 'ascend'
      : 'descend'
    : null;

function columns(
  filters: CustomerFilters,
  open: (row: CustomerItem) => void,
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
      render: (v: number) => v.toLocaleString('zh-CN'),
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
  ];
}

export function CustomerListPage({ title }: { title?: string }) {
  const userId = useAuthStore((s) => s.id);
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => readFilters(search), [search]);
  const filterKey = JSON.stringify(filters);
  const { page, size, setPage } = useUrlPagination();
  const params = useMemo(() => ({ ...toQuery(filters), page, size }), [filters, page, size]);
  const query = useCustomers(userId, params);
  useKeepPageInRange(page, size, query.isPlaceholderData ? undefined : query.data?.total);
  const [openId, setOpenId] = useState(0);
  const [exporting, setExporting] = useState(false);
  const options = useMemo(areaOptions, []);
  const [form] = Form.useForm<FormValues>();
  const phone = !Grid.useBreakpoint().md;
  // On a phone only the name search shows until 更多筛选 opens the rest.
  const [more, setMore] = useState(false);
  const folded = phone && !more;
  /** The filters set behind 更多筛选 (all but the name and the order). */
  const hidden = Object.keys(filters).filter((k) => !['name', 'sort', 'order'].includes(k)).length;

  const apply = (next: CustomerFilters) => setSearch((prev) => writeFilters(prev, next));

  const onTableChange: TableProps<CustomerItem>['onChange'] = (_p, _f, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = one?.order ? (one.columnKey as CustomerSort) : undefined;
    apply({ ...filters, sort: key, order: key ? (one?.order === 'ascend' ? 'asc' : 'desc') : undefined });
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const name = await exportCustomers(toQuery(filters));
      toastSuccess(`已导出 ${name}`);
    } catch (error) {
      toastError(errorText(error, '导出失败'));
    } finally {
      setExporting(false);
    }
  };

  const total = query.data?.total;
  return (
    <Card
      title={title || '我的客户'}
      data-testid="customer-list-page"
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={() => void onExport()}
          disabled={total === 0}
        >
          导出
        </Button>
      }
    >
      <Form<FormValues>
        key={filterKey}
        form={form}
        className="customer-filters"
        layout="vertical"
        initialValues={toFormValues(filters)}
        onFinish={(values) => apply(fromFormValues(values, filters))}
      >
        <Form.Item name="name" label="企业名称">
          <Input allowClear maxLength={50} placeholder="输入企业名称关键词" />
        </Form.Item>
        <Form.Item hidden={folded} name="area" label="所在地区">
          <Cascader options={options} changeOnSelect placeholder="全部地区" allowClear />
        </Form.Item>
        <Form.Item hidden={folded} name="industries" label="所属行业">
          <Select
            mode="multiple"
            options={INDUSTRY_OPTIONS}
            placeholder="全部行业"
            allowClear
            maxTagCount="responsive"
          />
        </Form.Item>
        <Form.Item hidden={folded} name="type" label="客户类型">
          <Select options={TYPE_OPTIONS} placeholder="全部客户" allowClear />
        </Form.Item>
        <Form.Item hidden={folded} name="is_hightech" label="高新技术企业">
          <Select options={HIGHTECH_OPTIONS} placeholder="全部" allowClear />
        </Form.Item>
        <Form.Item hidden={folded} name="reg" label="成立日期">
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item hidden={folded} label="注册资本（万元）">
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="capital_min" noStyle>
              <InputNumber
                min={0}
                max={100_000_000}
                precision={2}
                placeholder="最低"
                style={{ width: '50%' }}
                aria-label="注册资本最低"
              />
            </Form.Item>
            <Form.Item name="capital_max" noStyle>
              <InputNumber
                min={0}
                max={100_000_000}
                precision={2}
                placeholder="最高"
                style={{ width: '50%' }}
                aria-label="注册资本最高"
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <Form.Item label={phone ? undefined : ' '} className="customer-filter-actions">
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => apply({ sort: filters.sort, order: filters.order })}
              disabled={!hasFilters(filters)}
            >
              重置
            </Button>
            {phone && (
              <Button
                type="link"
                onClick={() => setMore(!more)}
                icon={more ? <UpOutlined /> : <DownOutlined />}
              >
                {more ? '收起筛选' : folded && hidden > 0 ? `更多筛选（${hidden}）` : '更多筛选'}
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
      {query.isError && !query.data ? (
        <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Typography.Paragraph type="secondary" data-testid="customer-total" style={{ marginBottom: 8 }}>
            {total === undefined ? '加载中…' : `共 ${total.toLocaleString('zh-CN')} 家客户`}
          </Typography.Paragraph>
          <Table<CustomerItem>
            rowKey="id"
            columns={columns(filters, (row) => setOpenId(row.id))}
            dataSource={query.data?.list ?? []}
            loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
            pagination={false}
            onChange={onTableChange}
            scroll={{ x: 1000 }}
            showSorterTooltip={false}
            locale={{ emptyText: <Empty description="暂无数据" style={{ padding: '32px 0' }} /> }}
          />
          <UrlPagination page={page} size={size} total={total ?? 0} onChange={setPage} simple={phone} />
        </>
      )}
      <CustomerDrawer userId={userId} id={openId} onClose={() => setOpenId(0)} />
    </Card>
  );
}
