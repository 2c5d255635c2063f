// Step two: the questionnaire, prefilled from what the platform knows and the last saved answers. Only the fields
// the tool needs; an empty field is sent as unknown, and the result says what it would change.
import { type CompanyFacts, shanghaiYear } from '@uc/shared';
import {
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Form,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { dayjs } from '../../../lib/ui/dayjs';
import { type FieldDef, sectionsFor, type Tool } from './fields';

type FormValues = Record<string, unknown>;

/** Accounting years the three-year fields stand for: the three years before the current one (in Shanghai). */
function yearLabels(): [string, string, string] {
  const last = shanghaiYear(Date.now()) - 1;
  return [`${last - 2}年`, `${last - 1}年`, `${last}年`];
}

function toFormValues(facts: CompanyFacts, fields: readonly FieldDef[]): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    const v = facts[f.name];
    if (v === null || v === undefined) continue;
    values[f.name] = f.kind === 'date' && typeof v === 'string' ? dayjs(v) : v;
  }
  return values;
}

function toAnswers(values: FormValues, fields: readonly FieldDef[]): Partial<CompanyFacts> {
  const answers: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === 'date') answers[f.name] = v ? (v as Dayjs).format('YYYY-MM-DD') : null;
    else if (f.kind === 'years') {
      const arr = Array.isArray(v) ? v : [];
      answers[f.name] = [0, 1, 2].map((i) => (typeof arr[i] === 'number' ? arr[i] : null));
    } else answers[f.name] = v === undefined ? null : v;
  }
  return answers as Partial<CompanyFacts>;
}

/** The control of one field; Form.Item hands it id, value and onChange, passed on to the antd control. */
function FieldInput({
  field,
  ...control
}: {
  field: FieldDef;
  id?: string;
  value?: never;
  onChange?: never;
}) {
  switch (field.kind) {
    case 'bool':
      return (
        <Radio.Group
          {...control}
          options={[
            { value: true, label: '是' },
            { value: false, label: '否' },
          ]}
        />
      );
    case 'choice':
      return (
        <Select
          {...control}
          allowClear
          placeholder="请选择"
          options={field.options?.map((o) => ({ ...o }))}
        />
      );
    case 'multi':
      return (
        <Checkbox.Group
          {...control}
          className="uc-pt-checks"
          options={field.options?.map((o) => ({ value: String(o.value), label: o.label }))}
        />
      );
    case 'date':
      return <DatePicker {...control} style={{ width: '100%' }} placeholder="请选择日期" />;
    case 'percent':
      return (
        <InputNumber {...control} min={0} max={100} precision={2} style={{ width: '100%' }} addonAfter="%" />
      );
    case 'count':
      return <InputNumber {...control} min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />;
    default:
      return <InputNumber {...control} min={0} max={10_000_000} style={{ width: '100%' }} />;
  }
}

interface FactsFormProps {
  tool: Tool;
  facts: CompanyFacts;
  submitText: string;
  loading?: boolean;
  onSubmit: (answers: Partial<CompanyFacts>) => void;
  onBack: () => void;
}

export function FactsForm({ tool, facts, submitText, loading, onSubmit, onBack }: FactsFormProps) {
  const sections = useMemo(() => sectionsFor(tool), [tool]);
  const fields = useMemo(() => sections.flatMap((s) => s.fields), [sections]);
  const initial = useMemo(() => toFormValues(facts, fields), [facts, fields]);
  const years = yearLabels();
  return (
    <Form
      layout="vertical"
      initialValues={initial}
      onFinish={(values: FormValues) => onSubmit(toAnswers(values, fields))}
      className="uc-pt-form"
    >
      <Typography.Paragraph type="secondary">
        已根据平台数据预填（注册日期、知识产权数量、资质等），请核对并补充其余资料；未填写的项目按"待补充"计，不计分。
      </Typography.Paragraph>
      {sections.map(({ section, fields: group }) => (
        <Card key={section} size="small" title={section} className="uc-pt-section">
          <Row gutter={16}>
            {group.map((field) =>
              field.kind === 'years' ? (
                <Col key={field.name} xs={24}>
                  <Form.Item label={field.label} required={false}>
                    <Space.Compact block>
                      {years.map((label, i) => (
                        <Form.Item key={label} name={[field.name, i]} noStyle>
                          <InputNumber
                            aria-label={`${field.label} ${label}`}
                            placeholder={label}
                            min={0}
                            max={10_000_000}
                            style={{ width: '33.4%' }}
                          />
                        </Form.Item>
                      ))}
                    </Space.Compact>
                  </Form.Item>
                </Col>
              ) : (
                <Col key={field.name} xs={24} md={field.kind === 'multi' ? 24 : 12}>
                  <Form.Item name={field.name} label={field.label}>
                    <FieldInput field={field} />
                  </Form.Item>
                </Col>
              ),
            )}
          </Row>
        </Card>
      ))}
      <Space className="uc-pt-actions">
        <Button onClick={onBack}>上一步</Button>
        <Button type="primary" htmlType="submit" loading={loading}>
          {submitText}
        </Button>
      </Space>
    </Form>
  );
}
