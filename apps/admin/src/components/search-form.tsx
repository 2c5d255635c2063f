// The search form above a list (Ant Design Pro's query filter): fields as data, 查询 and 重置; values are strings
// as the URL holds them, a date range is two of them (YYYY-MM-DD).
import { Button, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';

/** A list's filter as the URL holds it: only the keys that have a value. */
export type Filter = Record<string, string>;

export type SearchField =
  | { kind: 'text'; name: string; label: string; placeholder?: string; maxLength?: number }
  /** Digits only (an id). */
  | { kind: 'id'; name: string; label: string; placeholder?: string }
  | { kind: 'dateRange'; from: string; to: string; label: string }
  /** One of a known set (a state, a channel): the value sent, the label shown. */
  | { kind: 'select'; name: string; label: string; options: readonly { value: string; label: string }[] };

const DATE = 'YYYY-MM-DD';
type FormValues = Record<string, string | [Dayjs | null, Dayjs | null] | null | undefined>;

const rangeName = (field: { from: string; to: string }) => `${field.from}~${field.to}`;

function toForm(fields: readonly SearchField[], filter: Filter): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    if (field.kind === 'dateRange') {
      const from = filter[field.from];
      const to = filter[field.to];
      values[rangeName(field)] = from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined;
    } else values[field.name] = filter[field.name];
  }
  return values;
}

function toFilter(fields: readonly SearchField[], values: FormValues): Filter {
  const filter: Filter = {};
  for (const field of fields) {
    if (field.kind === 'dateRange') {
      const range = values[rangeName(field)];
      if (Array.isArray(range)) {
        if (range[0]) filter[field.from] = range[0].format(DATE);
        if (range[1]) filter[field.to] = range[1].format(DATE);
      }
    } else {
      const value = values[field.name];
      if (typeof value === 'string' && value.trim()) filter[field.name] = value.trim();
    }
  }
  return filter;
}

export interface SearchFormProps {
  fields: readonly SearchField[];
  /** The filter in force (the URL's). */
  value: Filter;
  onSearch: (filter: Filter) => void;
}

export function SearchForm({ fields, value, onSearch }: SearchFormProps) {
  const [form] = Form.useForm<FormValues>();
  const key = JSON.stringify(value);
  // The URL changed (back, a link): the form shows the filter in force.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the filter's text, not its identity
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(fields, value));
  }, [key]);

  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: '88px' }}
      onFinish={(v) => onSearch(toFilter(fields, v))}
    >
      <Row gutter={24}>
        {fields.map((field) => (
          <Col key={field.kind === 'dateRange' ? rangeName(field) : field.name} xs={24} md={12} xl={8}>
            {field.kind === 'dateRange' ? (
              <Form.Item label={field.label} name={rangeName(field)}>
                <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[true, true]} />
              </Form.Item>
            ) : field.kind === 'select' ? (
              <Form.Item label={field.label} name={field.name}>
                <Select allowClear placeholder="全部" options={[...field.options]} />
              </Form.Item>
            ) : (
              <Form.Item
                label={field.label}
                name={field.name}
                rules={field.kind === 'id' ? [{ pattern: /^\d*$/, message: '请输入数字' }] : []}
              >
                <Input
                  allowClear
                  placeholder={field.placeholder ?? '请输入'}
                  maxLength={field.kind === 'id' ? 10 : (field.maxLength ?? 64)}
                  inputMode={field.kind === 'id' ? 'numeric' : undefined}
                />
              </Form.Item>
            )}
          </Col>
        ))}
        <Col flex="auto" style={{ textAlign: 'right' }}>
          <Form.Item>
            <Space>
              <Button
                onClick={() => {
                  form.resetFields();
                  onSearch({});
                }}
              >
                重置
              </Button>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
            </Space>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
