// The pieces of the 政策 and 新闻 lists and forms: the state filter, column and tag (待发布, 已发布, 已撤回), the
// columns and form fields both kinds have, the publish time field (立即发布 or 定时发布) with its value in a body, and
// 撤回 with a reason (the server refuses what these allow it too).
import { CONTENT_STATES, CONTENT_TEXT_MAX, type ContentState, MSG, shanghaiMinute } from '@uc/shared';
import { Button, DatePicker, Form, Input, Radio, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ActionModal } from '../../components/action-modal';
import { operationsColumn } from '../../components/list-page';
import type { SearchField } from '../../components/search-form';

/** The list filters after each kind's own: title, state and publish date. */
export const PUBLICATION_FIELDS: readonly SearchField[] = [
  { kind: 'text', name: 'title', label: '标题', maxLength: 200 },
  {
    kind: 'select',
    name: 'state',
    label: '状态',
    options: CONTENT_STATES.map((s) => ({ value: s.key, label: s.name })),
  },
  { kind: 'dateRange', from: 'from', to: 'to', label: '发布日期' },
];

const STATE_COLOR: Record<ContentState, string> = {
  scheduled: 'gold',
  published: 'green',
  withdrawn: 'default',
};

export function StateTag({ state }: { state: ContentState }) {
  return <Tag color={STATE_COLOR[state]}>{CONTENT_STATES.find((s) => s.key === state)?.name ?? state}</Tag>;
}

/** What a row of either kind has: the columns, the actions and the form read these. */
export interface Publication {
  id: number;
  title: string;
  state: ContentState;
  /** When members see it (ISO); a later time while scheduled. */
  publish_at: string;
}

type Column<T> = TableColumnsType<T>[number];

/** The columns both lists have, each list placing them among its own. */
export const publicationColumns = <T extends Publication>(): Record<
  'id' | 'publishAt' | 'state',
  Column<T>
> => ({
  id: { title: '编号', dataIndex: 'id', width: 72 },
  publishAt: {
    title: '发布时间',
    dataIndex: 'publish_at',
    width: 140,
    render: (at: string) => shanghaiMinute(at),
  },
  state: {
    title: '状态',
    dataIndex: 'state',
    width: 90,
    render: (state: ContentState) => <StateTag state={state} />,
  },
});

/** The title field of both forms, `placeholder` naming the kind. */
export function TitleField({ placeholder }: { placeholder: string }) {
  return (
    <Form.Item
      name="title"
      label="标题"
      rules={[{ required: true, whitespace: true, max: CONTENT_TEXT_MAX, message: MSG.contentTitleRequired }]}
    >
      <Input maxLength={CONTENT_TEXT_MAX} showCount placeholder={placeholder} />
    </Form.Item>
  );
}

const TIME = 'YYYY-MM-DD HH:mm';

/** The form's publish time: now, or a later time (the item as it is when editing). */
export interface PublishTimeValues {
  when: 'now' | 'later';
  publish_at?: Dayjs | null;
}

export const publishTimeOf = (item: { publish_at: string } | null): PublishTimeValues =>
  item ? { when: 'later', publish_at: dayjs(item.publish_at) } : { when: 'now' };

/** The body's publish_at: null publishes now. */
export const publishAtOf = (v: PublishTimeValues): string | null =>
  v.when === 'later' && v.publish_at ? v.publish_at.toISOString() : null;

export function PublishTimeField({ fixed }: { fixed: boolean }) {
  const when = Form.useWatch('when', Form.useFormInstance<PublishTimeValues>());
  return (
    <>
      <Form.Item name="when" label="发布时间">
        <Radio.Group disabled={fixed}>
          <Radio value="now">立即发布</Radio>
          <Radio value="later">定时发布</Radio>
        </Radio.Group>
      </Form.Item>
      {when === 'later' && (
        <Form.Item name="publish_at" rules={[{ required: true, message: '请选择发布时间' }]}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={TIME}
            disabled={fixed}
            style={{ width: '100%' }}
          />
        </Form.Item>
      )}
    </>
  );
}

/** 撤回 of one item with a reason: `withdraw` sends it, `note` says what members then no longer see. */
export function WithdrawModal({
  id,
  title,
  withdraw,
  invalidate,
  note,
  onClose,
}: {
  id: number;
  title: string;
  withdraw: (reason: string) => Promise<unknown>;
  invalidate: readonly string[];
  note: string;
  onClose: () => void;
}) {
  return (
    <ActionModal<object>
      title={`撤回 #${id}`}
      open
      danger
      onClose={onClose}
      reasonLabel="撤回原因"
      okText="撤回"
      successText={MSG.contentWithdrawDone}
      invalidate={invalidate}
      submit={({ reason }) => withdraw(reason)}
    >
      <Form.Item label="标题">
        <Typography.Text>{title}</Typography.Text>
      </Form.Item>
      <Typography.Paragraph type="secondary">{note}</Typography.Paragraph>
    </ActionModal>
  );
}

/** The 操作 column of both lists: 预览 for every reader; 编辑 and 撤回 for a writer while the item is not withdrawn. */
export function actionsColumn<T extends Publication>(
  writer: boolean,
  open: (kind: 'form' | 'withdraw' | 'preview', item: T) => void,
): Column<T> {
  return operationsColumn<T>(writer ? 170 : 80, (row) => (
    <>
      <Button type="link" size="small" onClick={() => open('preview', row)}>
        预览
      </Button>
      {writer && row.state !== 'withdrawn' && (
        <>
          <Button type="link" size="small" onClick={() => open('form', row)}>
            编辑
          </Button>
          <Button type="link" size="small" danger onClick={() => open('withdraw', row)}>
            撤回
          </Button>
        </>
      )}
    </>
  ));
}
