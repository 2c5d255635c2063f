// 新建 and 编辑 of a policy item (ActionModal, no reason: the audit row keeps before and after): type, title,
// department, region, industry, publish time (now or a later time = scheduled) and deadline. A published item keeps
// its type, region, industry and publish time (the server refuses a change, MSG.contentPublishedFixed).
import {
  CITIES,
  CONTENT_TEXT_MAX,
  type ContentItem,
  type ContentItemBody,
  cityOfArea,
  INDUSTRIES,
  MSG,
  POLICY_CATEGORIES,
  STAFF_CONTENT_API,
  staffIdPath,
} from '@uc/shared';
import { Alert, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ActionModal } from '../../components/action-modal';
import { api } from '../../lib/http';
import { PublishTimeField, type PublishTimeValues, publishAtOf, publishTimeOf } from './publication';

/** What a change of an item refetches: the list. */
export const CONTENT_KEYS = ['content'] as const;

interface FormValues extends PublishTimeValues {
  type?: string;
  title?: string;
  dept?: string;
  city?: string | null;
  area?: string | null;
  industry?: string | null;
  end_at?: Dayjs | null;
}

const TYPE_OPTIONS = POLICY_CATEGORIES.map((c) => ({ value: c.key, label: c.keyname }));
const CITY_OPTIONS = CITIES.map((c) => ({ value: c.citycode, label: c.cityname }));
const INDUSTRY_OPTIONS = INDUSTRIES.map((i) => ({ value: i.code, label: `${i.code} ${i.name}` }));
const TIME = 'YYYY-MM-DD HH:mm';

function initialOf(item: ContentItem | null): Partial<FormValues> {
  if (!item) return { when: 'now', city: null, area: null, industry: null };
  return {
    type: item.type,
    title: item.title,
    dept: item.dept,
    city: item.city,
    area: item.area,
    industry: item.industry,
    ...publishTimeOf(item),
    end_at: item.end_at ? dayjs(item.end_at) : null,
  };
}

function bodyOf(v: FormValues): ContentItemBody {
  return {
    type: v.type as ContentItemBody['type'],
    title: v.title ?? '',
    dept: v.dept ?? '',
    city: v.city ?? null,
    area: v.area ?? null,
    industry: v.industry ?? null,
    publish_at: publishAtOf(v),
    end_at: v.end_at ? v.end_at.toISOString() : null,
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

/** 新建 (item null) or 编辑 of one item. */
export function ContentFormModal({
  open,
  item,
  onClose,
}: {
  open: boolean;
  item: ContentItem | null;
  onClose: () => void;
}) {
  const fixed = item?.state === 'published';
  return (
    <ActionModal<FormValues>
      title={item ? `编辑 #${item.id}` : '新建政策'}
      open={open}
      onClose={onClose}
      reasonLabel={false}
      okText={item ? '保存' : '发布'}
      successText={item ? MSG.contentSaved : MSG.contentPublished}
      invalidate={CONTENT_KEYS}
      initialValues={initialOf(item)}
      submit={(values) =>
        item
          ? api<ContentItem>(staffIdPath(STAFF_CONTENT_API.item, item.id), {
              method: 'PUT',
              body: bodyOf(values),
            })
          : api<ContentItem>(STAFF_CONTENT_API.list, { method: 'POST', body: bodyOf(values) })
      }
    >
      {fixed && <Alert type="info" showIcon title={MSG.contentPublishedFixed} style={{ marginBottom: 16 }} />}
      <Form.Item name="type" label="类型" rules={[{ required: true, message: MSG.contentTypeInvalid }]}>
        <Select disabled={fixed} options={TYPE_OPTIONS} placeholder="请选择" />
      </Form.Item>
      <Form.Item
        name="title"
        label="标题"
        rules={[
          { required: true, whitespace: true, max: CONTENT_TEXT_MAX, message: MSG.contentTitleRequired },
        ]}
      >
        <Input maxLength={CONTENT_TEXT_MAX} showCount placeholder="政策标题" />
      </Form.Item>
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
    </ActionModal>
  );
}
