// 内容 › 政策: the policy items members are pushed (申报通知, 公示公告, 政策动态), filtered by type, title, state and
// publish date. The form: type, title, department, region, industry, publish time (now or a later time = scheduled)
// and deadline; a published item keeps its type, region, industry and publish time (the server refuses a change,
// MSG.contentPublishedFixed). 预览: the 订阅项目 row (type tag, title, department, region, publish date, deadline) and
// the 政策详情 heading, every value rendered as text by React, never as HTML.
import {
  CITIES,
  CONTENT_TEXT_MAX,
  type ContentItem,
  type ContentItemBody,
  type ContentItemDetail,
  cityOfArea,
  INDUSTRIES,
  MSG,
  type NoticeFile,
  POLICY_CATEGORIES,
  regionName,
  STAFF_CALLS,
  STAFF_CONTENT_API,
  shanghaiDate,
  shanghaiMinute,
} from '@uc/shared';
import { Card, Col, DatePicker, Descriptions, Form, Input, Row, Select, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { call } from '../../lib/http';
import {
  AttachmentsField,
  BodyField,
  confirmSanitized,
  PublicityField,
  parsePublicity,
  publicityText,
  SourceFields,
} from './notice-fields';
import { PublishTimeField, publicationColumns, TitleField } from './publication';
import type { PublicationKind } from './publication-list';

interface FormValues {
  type?: string;
  title?: string;
  dept?: string;
  city?: string | null;
  area?: string | null;
  industry?: string | null;
  end_at?: Dayjs | null;
  content?: string;
  doc_no?: string;
  source_url?: string;
  attachments?: NoticeFile[];
  /** 公示名单 as pasted (a 公示公告). */
  publicity_text?: string;
}

const TYPE_OPTIONS = POLICY_CATEGORIES.map((c) => ({ value: c.key, label: c.keyname }));
const CITY_OPTIONS = CITIES.map((c) => ({ value: c.citycode, label: c.cityname }));
const INDUSTRY_OPTIONS = INDUSTRIES.map((i) => ({ value: i.code, label: `${i.code} ${i.name}` }));
const TIME = 'YYYY-MM-DD HH:mm';

const COMMON = publicationColumns<ContentItem>();

const typeName = (key: string) => POLICY_CATEGORIES.find((c) => c.key === key)?.keyname ?? key;

function initialOf(item: ContentItem | null): Partial<FormValues> {
  if (!item)
    return {
      city: null,
      area: null,
      industry: null,
      content: '',
      doc_no: '',
      source_url: '',
      attachments: [],
    };
  const whole = 'content' in item ? (item as ContentItemDetail) : null;
  return {
    content: whole?.content ?? '',
    doc_no: item.doc_no,
    source_url: item.source_url,
    attachments: whole?.attachments ?? [],
    publicity_text: whole ? publicityText(whole.publicity) : '',
    type: item.type,
    title: item.title,
    dept: item.dept,
    city: item.city,
    area: item.area,
    industry: item.industry,
    end_at: item.end_at ? dayjs(item.end_at) : null,
  };
}

function bodyOf(v: FormValues, publishAt: string | null): ContentItemBody {
  return {
    type: v.type as ContentItemBody['type'],
    title: v.title ?? '',
    dept: v.dept ?? '',
    city: v.city ?? null,
    area: v.area ?? null,
    industry: v.industry ?? null,
    publish_at: publishAt,
    end_at: v.end_at ? v.end_at.toISOString() : null,
    content: v.content ?? '',
    doc_no: v.doc_no ?? '',
    source_url: v.source_url ?? '',
    attachments: (v.attachments ?? []).map((f) => f.id),
    ...(v.type === 'gsgg' ? { publicity: parsePublicity(v.publicity_text ?? '') } : {}),
  };
}

/** The region pickers: a district list of the chosen city (a city without districts has none). */
function RegionFields({ fixed }: { fixed: boolean }) {
  const form = Form.useFormInstance<FormValues>();
  const city = Form.useWatch('city', form);
  const districts = CITIES.find((c) => c.citycode === city)?.districts ?? [];
  return (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="city" label="城市" extra="不选即全省">
          <Select
            allowClear
            disabled={fixed}
            placeholder="全省"
            options={CITY_OPTIONS}
            onChange={() => form.setFieldValue('area', null)}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="area"
          label="区县"
          extra="不选即全市"
          rules={[
            {
              validator: async (_, area?: string | null) => {
                if (area && city && cityOfArea(area)?.citycode !== city)
                  throw new Error(MSG.contentAreaNotInCity);
              },
            },
          ]}
        >
          <Select
            allowClear
            disabled={fixed || districts.length === 0}
            placeholder="全市"
            options={districts.map((d) => ({ value: d.code, label: d.name }))}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}

function PolicyFields({ fixed }: { fixed: boolean }) {
  return (
    <>
      <Form.Item name="type" label="类型" rules={[{ required: true, message: MSG.contentTypeInvalid }]}>
        <Select disabled={fixed} options={TYPE_OPTIONS} placeholder="请选择" />
      </Form.Item>
      <TitleField placeholder="政策标题" />
      <Form.Item
        name="dept"
        label="发布部门"
        rules={[
          { required: true, whitespace: true, max: CONTENT_TEXT_MAX, message: MSG.contentDeptRequired },
        ]}
      >
        <Input maxLength={CONTENT_TEXT_MAX} placeholder="如 深圳市科技创新委员会" />
      </Form.Item>
      <RegionFields fixed={fixed} />
      <Form.Item name="industry" label="行业" extra="不选即全部行业">
        <Select allowClear disabled={fixed} showSearch optionFilterProp="label" options={INDUSTRY_OPTIONS} />
      </Form.Item>
      <PublishTimeField fixed={fixed} />
      <Form.Item name="end_at" label="截止时间">
        <DatePicker showTime={{ format: 'HH:mm' }} format={TIME} style={{ width: '100%' }} />
      </Form.Item>
      <SourceFields />
      <BodyField />
      <AttachmentsField />
      <GsggOnly />
    </>
  );
}

/** The 公示名单 of a 公示公告. */
function GsggOnly() {
  const type = Form.useWatch<string | undefined>('type');
  return type === 'gsgg' ? <PublicityField /> : null;
}

function PolicyPreview({ item }: { item: ContentItem }) {
  return (
    <>
      <Card size="small" title="订阅项目列表">
        <Typography.Paragraph style={{ marginBottom: 8 }}>
          <Tag color="blue">{typeName(item.type)}</Tag>
          <Typography.Link>{item.title}</Typography.Link>
        </Typography.Paragraph>
        <Typography.Text type="secondary">
          {item.dept} · {regionName(item.city, item.area)} · {shanghaiDate(item.publish_at)}
          {item.end_at && ` · 申报截止 ${shanghaiDate(item.end_at)}`}
        </Typography.Text>
      </Card>
      <Card size="small" title="政策详情">
        <Typography.Title level={4}>{item.title}</Typography.Title>
        <Descriptions column={1} size="small">
          <Descriptions.Item label="类型">{typeName(item.type)}</Descriptions.Item>
          <Descriptions.Item label="发布部门">{item.dept}</Descriptions.Item>
          <Descriptions.Item label="地区">{regionName(item.city, item.area)}</Descriptions.Item>
          <Descriptions.Item label="行业">
            {INDUSTRIES.find((i) => i.code === item.industry)?.name ?? '全部行业'}
          </Descriptions.Item>
          <Descriptions.Item label="发布时间">{shanghaiDate(item.publish_at)}</Descriptions.Item>
          {item.end_at && <Descriptions.Item label="申报截止">{shanghaiDate(item.end_at)}</Descriptions.Item>}
          {item.doc_no && <Descriptions.Item label="文号">{item.doc_no}</Descriptions.Item>}
          {item.source_url && (
            <Descriptions.Item label="原文链接">
              <Typography.Link href={item.source_url} target="_blank" rel="noopener noreferrer">
                {item.source_url}
              </Typography.Link>
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
    </>
  );
}

export const POLICY: PublicationKind<ContentItem, FormValues, ContentItemBody> = {
  title: '政策',
  queryKey: 'content',
  api: STAFF_CONTENT_API,
  calls: STAFF_CALLS.content,
  fields: [{ kind: 'select', name: 'type', label: '类型', options: TYPE_OPTIONS }],
  columns: [
    COMMON.id,
    { title: '类型', dataIndex: 'type', width: 96, render: (type: string) => <Tag>{typeName(type)}</Tag> },
    { title: '标题', dataIndex: 'title', width: 300, ellipsis: { showTitle: true } },
    { title: '发布部门', dataIndex: 'dept', width: 170, ellipsis: true },
    { title: '地区', key: 'region', width: 90, render: (_, row) => regionName(row.city, row.area) },
    COMMON.publishAt,
    {
      title: '截止时间',
      dataIndex: 'end_at',
      width: 140,
      render: (at: string | null) => (at ? shanghaiMinute(at) : '—'),
    },
    COMMON.state,
    {
      title: '推送人数',
      dataIndex: 'matched',
      width: 90,
      render: (n: number | null) =>
        n === null ? <Typography.Text type="secondary">未推送</Typography.Text> : n,
    },
  ],
  scrollX: 1420,
  exportName: '内容.xlsx',
  form: {
    newTitle: '新建政策',
    editTitle: '编辑',
    publishedFixed: MSG.contentPublishedFixed,
    initialOf,
    bodyOf,
    Fields: PolicyFields,
    load: (item) => call(STAFF_CALLS.content.item, { id: item.id }),
    confirm: (body) => confirmSanitized(body.content),
  },
  preview: { size: 560, Body: PolicyPreview },
  withdrawNote: '撤回后会员的列表、详情、收藏与申报日历中都不再显示；尚未推送的定时内容不再推送。',
};
