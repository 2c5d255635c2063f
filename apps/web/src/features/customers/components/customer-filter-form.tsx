// The list's filters: name search, tag, area, industries, customer type, high-tech, registration-date and capital
// ranges. 查询 writes them to the URL, 重置 clears them (the order stays); on a phone only the name search shows
// until 更多筛选 opens the rest.
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { type CustomerTag, INDUSTRIES } from '@uc/shared';
import { Button, Cascader, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { getCity } from '../../../lib/session/cookies';
import { areaOptions, type FilterFormValues, fromFormValues, toFormValues } from '../model/filter-form';
import { type CustomerFilters, hasFilters } from '../model/filters';

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
const CAPITAL_BOUNDS = [
  { name: 'capital_min', text: '最低' },
  { name: 'capital_max', text: '最高' },
] as const;

export interface CustomerFilterFormProps {
  filters: CustomerFilters;
  onApply: (next: CustomerFilters) => void;
  phone: boolean;
  /** The member's tags (the 标签 filter's options). */
  tags?: readonly CustomerTag[];
}

export function CustomerFilterForm({ filters, onApply, phone, tags }: CustomerFilterFormProps) {
  const options = useMemo(() => areaOptions(getCity().citycode), []);
  const tagOptions = useMemo(
    () => (tags ?? []).map((t) => ({ value: t.tag, label: `${t.tag}（${t.count}）` })),
    [tags],
  );
  const [form] = Form.useForm<FilterFormValues>();
  const [more, setMore] = useState(false);
  const folded = phone && !more;
  /** The filters set behind 更多筛选 (all but the name and the order). */
  const hidden = Object.keys(filters).filter((k) => !['name', 'sort', 'order'].includes(k)).length;

  return (
    <Form<FilterFormValues>
      // A new URL (a link, 重置, the back button) starts the form again from its filters.
      key={JSON.stringify(filters)}
      form={form}
      className="customer-filters"
      layout="vertical"
      initialValues={toFormValues(filters)}
      onFinish={(values) => onApply(fromFormValues(values, filters))}
    >
      <Form.Item name="name" label="企业名称">
        <Input allowClear maxLength={50} placeholder="输入企业名称关键词" />
      </Form.Item>
      <Form.Item hidden={folded} name="tag" label="标签">
        <Select
          options={tagOptions}
          placeholder="全部标签"
          allowClear
          showSearch
          notFoundContent="暂无标签"
        />
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
          {CAPITAL_BOUNDS.map(({ name, text }) => (
            <Form.Item key={name} name={name} noStyle>
              <InputNumber
                min={0}
                max={100_000_000}
                precision={2}
                placeholder={text}
                style={{ width: '50%' }}
                aria-label={`注册资本${text}`}
              />
            </Form.Item>
          ))}
        </Space.Compact>
      </Form.Item>
      <Form.Item label={phone ? undefined : ' '} className="customer-filter-actions">
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => onApply({ sort: filters.sort, order: filters.order })}
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
  );
}
