// 卡券批次: the operator's card batches (filter by name, grant kind, state and date), their .xlsx, 新建批次, the
// secrets' one-time .xlsx (导出卡密, only with cards.export; 已导出 after) and 作废 with a reason.

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@uc/client';
import {
  CARD_BATCH_STATE_TEXT,
  CARD_BATCH_STATES,
  CARD_GRANT_KIND_TEXT,
  CARD_GRANT_KINDS,
  type CardBatch,
  CREDIT_TOOLS,
  STAFF_CALLS,
  STAFF_CARDS_API,
  shanghaiDate,
  shanghaiSecond,
} from '@uc/shared';
import {
  App,
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ActionModal } from '../../components/action-modal';
import { ListPage, operationsColumn } from '../../components/list-page';
import { type ListSpec, useListQuery } from '../../components/use-list-query';
import { call, download } from '../../lib/http';
import { can, useSession } from '../../lib/session';
import { options, pathOf } from './options';

const KEYS = ['card-batches'] as const;

const LIST: ListSpec = {
  fields: [
    { kind: 'text', name: 'name', label: '批次名称', maxLength: 60 },
    {
      kind: 'select',
      name: 'grant_kind',
      label: '发放类型',
      options: options(CARD_GRANT_KINDS, CARD_GRANT_KIND_TEXT),
    },
    {
      kind: 'select',
      name: 'status',
      label: '状态',
      options: options(CARD_BATCH_STATES, CARD_BATCH_STATE_TEXT),
    },
    { kind: 'dateRange', from: 'from', to: 'to', label: '创建日期' },
  ],
  title: '卡券批次',
  key: KEYS[0],
  path: STAFF_CARDS_API.batches,
  exportTo: { path: STAFF_CARDS_API.batchesExport, fileName: '卡券批次.xlsx', permission: 'cards.export' },
};

const TOOL_TEXT: Record<(typeof CREDIT_TOOLS)[number], string> = {
  hts_score: '高企评分',
  sme_evaluation: '专精特新评测',
  match_exact: '精准匹配',
};

interface BatchForm {
  name: string;
  grant_kind: CardBatch['grant_kind'];
  grant_gid?: number;
  grant_tool?: string;
  grant_template?: number;
  units?: number;
  count: number;
  expires: Dayjs;
}

/** The fields of the chosen grant kind. */
function GrantFields({ kind }: { kind: CardBatch['grant_kind'] | undefined }) {
  const templates = useQuery({
    queryKey: ['coupon-templates', 'active'],
    queryFn: () => call(STAFF_CALLS.cards.templates, { input: { status: 'active', size: 100 } }),
    enabled: kind === 'coupon',
  });
  const required = (message: string) => [{ required: true, message }];
  if (kind === 'plan')
    return (
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="grant_gid" label="套餐ID（gid）" rules={required('请填写套餐ID')}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="units" label="年数" rules={required('请填写年数')}>
            <InputNumber min={1} max={10} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    );
  if (kind === 'credits')
    return (
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="grant_tool" label="工具" rules={required('请选择工具')}>
            <Select options={options(CREDIT_TOOLS, TOOL_TEXT)} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="units" label="次数" rules={required('请填写次数')}>
            <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    );
  if (kind === 'api')
    return (
      <Form.Item
        name="units"
        label="API调用次数"
        rules={required('请填写调用次数')}
        extra="须为API套餐每份次数的整数倍"
      >
        <InputNumber min={1} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    );
  if (kind === 'coupon')
    return (
      <Form.Item name="grant_template" label="优惠券模板" rules={required('请选择优惠券模板')}>
        <Select
          loading={templates.isLoading}
          options={(templates.data?.list ?? []).map((t) => ({
            value: t.id,
            label: `${t.name}（${t.rule}）`,
          }))}
        />
      </Form.Item>
    );
  return null;
}

function CreateBatchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ActionModal<BatchForm>
      title="新建卡券批次"
      open={open}
      onClose={onClose}
      okText="创建"
      successText="批次已创建，请导出卡密"
      invalidate={KEYS}
      reasonLabel="创建原因"
      initialValues={{ grant_kind: 'credits', count: 100 }}
      submit={({ expires, ...values }) =>
        call(STAFF_CALLS.cards.createBatch, { input: { ...values, expires: expires.format('YYYY-MM-DD') } })
      }
    >
      <Form.Item
        name="name"
        label="批次名称"
        rules={[{ required: true, whitespace: true, message: '请填写批次名称' }]}
      >
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item name="grant_kind" label="发放内容" rules={[{ required: true }]}>
        <Select options={options(CARD_GRANT_KINDS, CARD_GRANT_KIND_TEXT)} />
      </Form.Item>
      <Form.Item noStyle dependencies={['grant_kind']}>
        {({ getFieldValue }) => <GrantFields kind={getFieldValue('grant_kind')} />}
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="count" label="数量（张）" rules={[{ required: true, message: '请填写数量' }]}>
            <InputNumber min={1} max={10_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="expires" label="最后绑定日" rules={[{ required: true, message: '请选择日期' }]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </ActionModal>
  );
}

function VoidModal({ batch, onClose }: { batch: CardBatch | null; onClose: () => void }) {
  return (
    <ActionModal
      title={batch ? `作废批次「${batch.name}」` : '作废批次'}
      open={batch !== null}
      onClose={onClose}
      okText="作废"
      danger
      successText="批次已作废"
      invalidate={KEYS}
      reasonLabel="作废原因"
      submit={({ reason }) => call(STAFF_CALLS.cards.voidBatch, { id: batch?.id ?? 0, input: { reason } })}
    >
      <Typography.Paragraph type="secondary">
        作废后未兑换的卡不能再绑定；已兑换的卡保留已发放的权益。
      </Typography.Paragraph>
    </ActionModal>
  );
}

/** 导出卡密: asked to confirm (once only), then the .xlsx the server hands out once. */
function ExportSecretsButton({ batch }: { batch: CardBatch }) {
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (batch.exported)
    return (
      <Button size="small" type="link" disabled>
        已导出
      </Button>
    );
  const run = async () => {
    setBusy(true);
    try {
      await download(pathOf(STAFF_CARDS_API.batchSecrets, batch.id), {}, `卡密-批次${batch.id}.xlsx`, 'POST');
      void message.success('卡密已导出，请妥善保管文件');
    } catch (error) {
      const handled = error instanceof ApiError && (error.status === 401 || error.status === 403);
      if (!handled) void message.error(error instanceof Error ? error.message : '导出失败');
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: KEYS });
    }
  };
  return (
    <Button
      size="small"
      type="link"
      loading={busy}
      onClick={() =>
        modal.confirm({
          title: '导出卡密',
          content: `卡密只能导出一次，导出后服务器不再保存。确定导出批次「${batch.name}」的 ${batch.count} 张卡密？`,
          okText: '导出',
          onOk: run,
        })
      }
    >
      导出卡密
    </Button>
  );
}

export function CardBatches() {
  const list = useListQuery<CardBatch>(LIST);
  const { data: session } = useSession();
  const [creating, setCreating] = useState(false);
  const [voiding, setVoiding] = useState<CardBatch | null>(null);
  const mayWrite = can(session, 'cards.write');
  const mayExport = can(session, 'cards.export');

  const columns: TableColumnsType<CardBatch> = [
    {
      title: '批次',
      dataIndex: 'name',
      render: (name: string, b) => (
        <>
          {name} <Typography.Text type="secondary">#{b.id}</Typography.Text>
        </>
      ),
    },
    {
      title: '发放内容',
      key: 'grant',
      render: (_, b) => (
        <>
          <Tag>{CARD_GRANT_KIND_TEXT[b.grant_kind]}</Tag>
          {b.grant}
        </>
      ),
    },
    { title: '数量', dataIndex: 'count', width: 80, align: 'right' },
    { title: '已兑换', dataIndex: 'bound', width: 80, align: 'right' },
    { title: '创建人', dataIndex: 'created_by', width: 110, render: (by: string | null) => by ?? '—' },
    { title: '创建时间', dataIndex: 'created_at', width: 170, render: (at: string) => shanghaiSecond(at) },
    { title: '有效期至', dataIndex: 'expires_at', width: 110, render: (at: string) => shanghaiDate(at) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (status: CardBatch['status']) => (
        <Tag color={status === 'active' ? 'green' : 'default'}>{CARD_BATCH_STATE_TEXT[status]}</Tag>
      ),
    },
    {
      title: '卡密',
      dataIndex: 'exported',
      width: 90,
      render: (exported: boolean) => (exported ? <Tag>已导出</Tag> : <Tag color="orange">未导出</Tag>),
    },
    operationsColumn<CardBatch>(170, (b) => (
      <Space size={0}>
        {mayExport && b.status === 'active' && <ExportSecretsButton batch={b} />}
        {mayWrite && b.status === 'active' && (
          <Button size="small" type="link" danger onClick={() => setVoiding(b)}>
            作废
          </Button>
        )}
      </Space>
    )),
  ];

  return (
    <>
      <ListPage<CardBatch>
        list={list}
        columns={columns}
        rowKey="id"
        scrollX={1300}
        actions={
          mayWrite && (
            <Button type="primary" onClick={() => setCreating(true)}>
              新建批次
            </Button>
          )
        }
      />
      <CreateBatchModal open={creating} onClose={() => setCreating(false)} />
      <VoidModal batch={voiding} onClose={() => setVoiding(null)} />
    </>
  );
}
