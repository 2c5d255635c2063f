// 优惠券模板: the coupon templates (filter by name, kind and state), 新建/编辑 with the rules of the coupons module
// (满减, 折扣, 代金券; validity by days after issue or a fixed window), 发放 to members by username or id, and 停用.
import {
  COUPON_KIND_TEXT,
  COUPON_KINDS,
  COUPON_TEMPLATE_STATE_TEXT,
  COUPON_TEMPLATE_STATES,
  type CouponTemplate,
  type CouponTemplateBody,
  type IssueCouponsResult,
  STAFF_CALLS,
  STAFF_CARDS_API,
  shanghaiDate,
} from '@uc/shared';
import {
  App,
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ActionModal } from '../../components/action-modal';
import { ListPage, operationsColumn } from '../../components/list-page';
import { type ListSpec, useListQuery } from '../../components/use-list-query';
import { call } from '../../lib/http';
import { can, useSession } from '../../lib/session';
import { options } from './options';

const KEYS = ['coupon-templates'] as const;

const LIST: ListSpec = {
  fields: [
    { kind: 'text', name: 'name', label: '模板名称', maxLength: 30 },
    { kind: 'select', name: 'kind', label: '类型', options: options(COUPON_KINDS, COUPON_KIND_TEXT) },
    {
      kind: 'select',
      name: 'status',
      label: '状态',
      options: options(COUPON_TEMPLATE_STATES, COUPON_TEMPLATE_STATE_TEXT),
    },
  ],
  title: '优惠券模板',
  key: KEYS[0],
  path: STAFF_CARDS_API.templates,
  exportTo: {
    path: STAFF_CARDS_API.templatesExport,
    fileName: '优惠券模板.xlsx',
    permission: 'cards.export',
  },
};

interface TemplateForm {
  name: string;
  kind: CouponTemplate['kind'];
  threshold?: number;
  amount?: number;
  percent?: number;
  cap?: number;
  plans?: string[];
  validity: 'days' | 'window';
  valid_days?: number;
  window?: [Dayjs | null, Dayjs];
  total_count?: number;
  take_limit?: number;
  on_register: boolean;
}

/** The form's values as the body of couponTemplateBody (yuan, dates as YYYY-MM-DD). */
function bodyOf(v: TemplateForm & { reason: string }): CouponTemplateBody {
  const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : undefined);
  const plans = (v.plans ?? []).map(Number).filter((g) => Number.isInteger(g) && g > 0);
  return {
    name: v.name,
    kind: v.kind,
    threshold: v.kind === 'full_reduction' ? v.threshold : undefined,
    amount: v.kind === 'discount' ? undefined : v.amount,
    percent: v.kind === 'discount' ? v.percent : undefined,
    cap: v.kind === 'discount' ? (v.cap ?? undefined) : undefined,
    plans: plans.length > 0 ? plans : null,
    valid_days: v.validity === 'days' ? v.valid_days : undefined,
    valid_from: v.validity === 'window' ? day(v.window?.[0]) : undefined,
    valid_until: v.validity === 'window' ? day(v.window?.[1]) : undefined,
    total_count: v.total_count ?? undefined,
    take_limit: v.take_limit ?? undefined,
    on_register: v.on_register,
    reason: v.reason,
  };
}

/** A template as the form's values (编辑). */
function formOf(t: CouponTemplate): Partial<TemplateForm> {
  return {
    name: t.name,
    kind: t.kind,
    threshold: t.threshold || undefined,
    amount: t.amount || undefined,
    percent: t.percent ?? undefined,
    cap: t.cap ?? undefined,
    plans: t.plans?.map(String),
    validity: t.valid_days !== null ? 'days' : 'window',
    valid_days: t.valid_days ?? undefined,
    // valid_end is the instant after the last day.
    window:
      t.valid_end !== null
        ? [
            t.valid_start ? dayjs(shanghaiDate(t.valid_start)) : null,
            dayjs(shanghaiDate(t.valid_end)).subtract(1, 'day'),
          ]
        : undefined,
    total_count: t.total_count ?? undefined,
    take_limit: t.take_limit ?? undefined,
    on_register: t.on_register,
  };
}

const yuanInput = <InputNumber min={0.01} precision={2} addonAfter="元" style={{ width: '100%' }} />;

function RuleFields({ kind }: { kind: CouponTemplate['kind'] | undefined }) {
  if (kind === 'discount')
    return (
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="percent"
            label="实付比例（80 即8折）"
            rules={[{ required: true, message: '请填写折扣' }]}
          >
            <InputNumber min={1} max={99} precision={0} addonAfter="%" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="cap" label="最高减（可选）">
            {yuanInput}
          </Form.Item>
        </Col>
      </Row>
    );
  return (
    <Row gutter={12}>
      {kind === 'full_reduction' && (
        <Col span={12}>
          <Form.Item name="threshold" label="满（门槛）" rules={[{ required: true, message: '请填写门槛' }]}>
            {yuanInput}
          </Form.Item>
        </Col>
      )}
      <Col span={12}>
        <Form.Item name="amount" label="减" rules={[{ required: true, message: '请填写金额' }]}>
          {yuanInput}
        </Form.Item>
      </Col>
    </Row>
  );
}

function TemplateModal({
  editing,
  open,
  onClose,
}: {
  editing: CouponTemplate | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <ActionModal<TemplateForm>
      key={editing?.id ?? 'new'}
      title={editing ? `编辑模板「${editing.name}」` : '新建优惠券模板'}
      open={open}
      onClose={onClose}
      okText="保存"
      successText={editing ? '模板已保存' : '模板已创建'}
      invalidate={KEYS}
      initialValues={
        editing ? formOf(editing) : { kind: 'voucher', validity: 'days', valid_days: 30, on_register: false }
      }
      submit={(values) =>
        editing
          ? call(STAFF_CALLS.cards.updateTemplate, { id: editing.id, input: bodyOf(values) })
          : call(STAFF_CALLS.cards.createTemplate, { input: bodyOf(values) })
      }
    >
      {editing && (
        <Typography.Paragraph type="secondary">
          已发放的券保留原规则，修改只影响之后发放的券。
        </Typography.Paragraph>
      )}
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item
            name="name"
            label="名称"
            rules={[{ required: true, whitespace: true, message: '请填写名称' }]}
          >
            <Input maxLength={30} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="kind" label="类型" rules={[{ required: true }]}>
            <Select options={options(COUPON_KINDS, COUPON_KIND_TEXT)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item noStyle dependencies={['kind']}>
        {({ getFieldValue }) => <RuleFields kind={getFieldValue('kind')} />}
      </Form.Item>
      <Form.Item name="plans" label="适用套餐ID（不填为全部商品）">
        <Select
          mode="tags"
          tokenSeparators={[',', '，', ' ']}
          open={false}
          placeholder="输入套餐 gid 后回车"
        />
      </Form.Item>
      <Form.Item name="validity" label="有效期">
        <Radio.Group
          options={[
            { value: 'days', label: '领取后N天' },
            { value: 'window', label: '固定日期' },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['validity']}>
        {({ getFieldValue }) =>
          getFieldValue('validity') === 'window' ? (
            <Form.Item name="window" label="起止日期" rules={[{ required: true, message: '请选择截止日期' }]}>
              <DatePicker.RangePicker allowEmpty={[true, false]} style={{ width: '100%' }} />
            </Form.Item>
          ) : (
            <Form.Item name="valid_days" label="天数" rules={[{ required: true, message: '请填写天数' }]}>
              <InputNumber min={1} max={3650} precision={0} addonAfter="天" style={{ width: '100%' }} />
            </Form.Item>
          )
        }
      </Form.Item>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item name="total_count" label="发放总量（可选）">
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="take_limit" label="每人限领（可选）">
            <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="on_register" label="新人注册发放" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </ActionModal>
  );
}

/** Usernames or ids, one a line (or separated by commas or spaces). */
const membersOf = (text: string) => [...new Set(text.split(/[\s,，]+/).filter(Boolean))];

function IssueModal({ template, onClose }: { template: CouponTemplate | null; onClose: () => void }) {
  const { modal } = App.useApp();
  return (
    <ActionModal<{ members: string }>
      title={template ? `发放「${template.name}」` : '发放优惠券'}
      open={template !== null}
      onClose={onClose}
      okText="发放"
      successText="发放完成"
      invalidate={KEYS}
      reasonLabel="发放原因"
      submit={({ members, reason }) =>
        call(STAFF_CALLS.cards.issue, {
          id: template?.id ?? 0,
          input: { members: membersOf(members), reason },
        })
      }
      onDone={(answer) => {
        const result = answer as IssueCouponsResult;
        modal.info({
          title: `已发放 ${result.issued} 张，跳过 ${result.skipped} 人`,
          content:
            result.skipped_members.length > 0 ? (
              <ul>
                {result.skipped_members.map((s) => (
                  <li key={s.member}>
                    {s.member}：{s.reason}
                  </li>
                ))}
              </ul>
            ) : null,
        });
      }}
    >
      <Form.Item
        name="members"
        label="会员用户名或ID（每行一个，最多1000个）"
        rules={[
          { required: true, whitespace: true, message: '请填写会员' },
          {
            validator: async (_, value: string | undefined) => {
              if (membersOf(value ?? '').length > 1000) throw new Error('一次最多发放给1000个会员');
            },
          },
        ]}
      >
        <Input.TextArea rows={6} placeholder={'zhangsan\nlisi\n10086'} />
      </Form.Item>
    </ActionModal>
  );
}

function DisableModal({ template, onClose }: { template: CouponTemplate | null; onClose: () => void }) {
  return (
    <ActionModal
      title={template ? `停用模板「${template.name}」` : '停用模板'}
      open={template !== null}
      onClose={onClose}
      okText="停用"
      danger
      successText="模板已停用"
      invalidate={KEYS}
      reasonLabel="停用原因"
      submit={({ reason }) => call(STAFF_CALLS.cards.disable, { id: template?.id ?? 0, input: { reason } })}
    >
      <Typography.Paragraph type="secondary">停用后不再发放；已发放的券仍可使用。</Typography.Paragraph>
    </ActionModal>
  );
}

function validity(t: CouponTemplate): string {
  if (t.valid_days !== null) return `领取后${t.valid_days}天`;
  const end = t.valid_end ? shanghaiDate(new Date(Date.parse(t.valid_end) - 1)) : '—';
  return `${t.valid_start ? shanghaiDate(t.valid_start) : '—'} 至 ${end}`;
}

export function CouponTemplates() {
  const list = useListQuery<CouponTemplate>(LIST);
  const { data: session } = useSession();
  const mayWrite = can(session, 'cards.write');
  const [editing, setEditing] = useState<{ template: CouponTemplate | null } | null>(null);
  const [issuing, setIssuing] = useState<CouponTemplate | null>(null);
  const [disabling, setDisabling] = useState<CouponTemplate | null>(null);

  const columns: TableColumnsType<CouponTemplate> = [
    {
      title: '名称',
      dataIndex: 'name',
      render: (name: string, t) => (
        <>
          {name} <Typography.Text type="secondary">#{t.id}</Typography.Text>
          {t.on_register && <Tag color="blue">新人券</Tag>}
        </>
      ),
    },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 90,
      render: (k: CouponTemplate['kind']) => COUPON_KIND_TEXT[k],
    },
    { title: '规则', dataIndex: 'rule', width: 150 },
    { title: '适用商品', dataIndex: 'scope', ellipsis: true },
    { title: '有效期', key: 'validity', width: 210, render: (_, t) => validity(t) },
    {
      title: '已发放/总量',
      key: 'issued',
      width: 110,
      render: (_, t) => `${t.issued_count} / ${t.total_count ?? '不限'}`,
    },
    { title: '每人限领', dataIndex: 'take_limit', width: 90, render: (n: number | null) => n ?? '不限' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: CouponTemplate['status']) => (
        <Tag color={s === 'active' ? 'green' : 'default'}>{COUPON_TEMPLATE_STATE_TEXT[s]}</Tag>
      ),
    },
    ...(mayWrite
      ? [
          operationsColumn<CouponTemplate>(170, (t) => (
            <Space size={0}>
              <Button size="small" type="link" onClick={() => setEditing({ template: t })}>
                编辑
              </Button>
              {t.status === 'active' && (
                <>
                  <Button size="small" type="link" onClick={() => setIssuing(t)}>
                    发放
                  </Button>
                  <Button size="small" type="link" danger onClick={() => setDisabling(t)}>
                    停用
                  </Button>
                </>
              )}
            </Space>
          )),
        ]
      : []),
  ];

  return (
    <>
      <ListPage<CouponTemplate>
        list={list}
        columns={columns}
        rowKey="id"
        scrollX={1250}
        actions={
          mayWrite && (
            <Button type="primary" onClick={() => setEditing({ template: null })}>
              新建模板
            </Button>
          )
        }
      />
      <TemplateModal
        editing={editing?.template ?? null}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
      <IssueModal template={issuing} onClose={() => setIssuing(null)} />
      <DisableModal template={disabling} onClose={() => setDisabling(null)} />
    </>
  );
}
