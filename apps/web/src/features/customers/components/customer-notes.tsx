// 跟进记录 in the drawer: the notes newest first (day, author, the text as written), a form to add one (the day
// defaults to today and cannot be later), and 删除 per note after a confirmation.
import { DeleteOutlined } from '@ant-design/icons';
import { type CustomerNote, MSG, NOTE_MAX, shanghaiDate } from '@uc/shared';
import {
  Button,
  DatePicker,
  Empty,
  Form,
  Input,
  Popconfirm,
  Skeleton,
  Space,
  Timeline,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { LoadErrorResult } from '../../../components/load-error-result';
import { reportFailure } from '../../../lib/http/report-failure';
import { dayjs } from '../../../lib/ui/dayjs';
import { toastSuccess } from '../../../lib/ui/feedback';
import { useAddNote } from '../api/add-note';
import { useDeleteNote } from '../api/delete-note';
import { useNotes } from '../api/get-notes';

interface NoteFormValues {
  content: string;
  noted_on: Dayjs | null;
}

/** Today in Shanghai (the server's "not after today"), as a local day for the picker. */
const today = () => dayjs(shanghaiDate(Date.now()));

function NoteItem({ note, onDelete }: { note: CustomerNote; onDelete: () => Promise<unknown> }) {
  return (
    <div data-testid="customer-note">
      <Space size={8} wrap>
        <Typography.Text strong>{note.noted_on}</Typography.Text>
        <Typography.Text type="secondary">{note.author}</Typography.Text>
        <Popconfirm
          title="删除这条跟进记录？"
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={onDelete}
        >
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除 ${note.noted_on} 的跟进记录`}
          >
            删除
          </Button>
        </Popconfirm>
      </Space>
      <div className="customer-note-content">{note.content}</div>
    </div>
  );
}

export function CustomerNotes({ userId, id }: { userId: number; id: number }) {
  const notes = useNotes(userId, id);
  const add = useAddNote(userId, id);
  const remove = useDeleteNote(userId, id);
  const [form] = Form.useForm<NoteFormValues>();

  const onFinish = (values: NoteFormValues) =>
    add.mutate(
      { content: values.content.trim(), noted_on: (values.noted_on ?? today()).format('YYYY-MM-DD') },
      {
        onSuccess: () => {
          toastSuccess('跟进记录已保存');
          form.resetFields();
        },
        onError: (error) => reportFailure(error, '保存失败，请稍后重试'),
      },
    );

  const onDelete = (noteId: number) =>
    remove.mutateAsync(noteId).then(
      () => toastSuccess('跟进记录已删除'),
      (error: unknown) => reportFailure(error, '删除失败，请稍后重试'),
    );

  return (
    <div>
      <Form<NoteFormValues>
        form={form}
        layout="vertical"
        className="customer-notes-form"
        initialValues={{ content: '', noted_on: today() }}
        onFinish={onFinish}
      >
        <Form.Item
          name="content"
          label="跟进内容"
          rules={[
            { required: true, whitespace: true, message: MSG.noteRequired },
            { max: NOTE_MAX, message: MSG.noteTooLong },
          ]}
        >
          <Input.TextArea rows={3} maxLength={NOTE_MAX} showCount placeholder="记录本次跟进的情况" />
        </Form.Item>
        <Space align="start" wrap>
          <Form.Item name="noted_on" label="跟进日期" style={{ marginBottom: 0 }}>
            <DatePicker allowClear={false} disabledDate={(d) => d.isAfter(today(), 'day')} />
          </Form.Item>
          <Form.Item label=" " style={{ marginBottom: 0 }}>
            <Button type="primary" htmlType="submit" loading={add.isPending}>
              添加记录
            </Button>
          </Form.Item>
        </Space>
      </Form>
      {notes.isError && !notes.data ? (
        <LoadErrorResult error={notes.error} onRetry={() => void notes.refetch()} />
      ) : notes.data === undefined ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : notes.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无跟进记录" />
      ) : (
        <Timeline
          items={notes.data.map((note) => ({
            key: note.id,
            content: <NoteItem note={note} onDelete={() => onDelete(note.id)} />,
          }))}
        />
      )}
    </div>
  );
}
