// 附件: the files of a ticket or an answer, each uploaded as soon as it is picked (its progress shown, removable), so
// what is sent is the uploaded files' ids. How a file is uploaded, and how a failure is told, is each app's: a file the
// server refuses (too large, content not its type) stays in the list marked failed with the server's reason.
import { UploadOutlined } from '@ant-design/icons';
import { TICKET_FILE_ACCEPT, TICKET_FILES_MAX, type TicketFile } from '@uc/shared';
import { Button, Typography, Upload, type UploadFile } from 'antd';
import { useRef, useState } from 'react';

export interface AttachmentState {
  /** The uploaded files, in the order picked. */
  files: TicketFile[];
  /** A file is still uploading (sending now would leave it out). */
  uploading: boolean;
}

export interface AttachmentPickerProps {
  /** Uploads one file, telling its progress in percent; resolves with the stored file. */
  upload: (file: File, onProgress: (percent: number) => void) => Promise<TicketFile>;
  onChange: (state: AttachmentState) => void;
  /** The failure's message, as the app words it. */
  failureText: (error: unknown) => string;
  disabled?: boolean;
}

type Picked = UploadFile<TicketFile>;

function stateOf(list: readonly Picked[]): AttachmentState {
  return {
    files: list.flatMap((f) => (f.status === 'done' && f.response ? [f.response] : [])),
    uploading: list.some((f) => f.status === 'uploading'),
  };
}

export function AttachmentPicker({ upload, onChange, failureText, disabled = false }: AttachmentPickerProps) {
  const [list, setList] = useState<Picked[]>([]);
  // The latest list, for the uploads' callbacks that outlive a render.
  const latest = useRef<Picked[]>([]);
  const update = (next: Picked[]) => {
    latest.current = next;
    setList(next);
    onChange(stateOf(next));
  };
  const patch = (uid: string, change: Partial<Picked>) =>
    update(latest.current.map((f) => (f.uid === uid ? { ...f, ...change } : f)));
  const full = list.filter((f) => f.status !== 'error').length >= TICKET_FILES_MAX;

  return (
    <div className="uc-attachments">
      <Upload<TicketFile>
        fileList={list}
        multiple
        accept={TICKET_FILE_ACCEPT}
        disabled={disabled}
        beforeUpload={(_file, batch) => {
          // Room left for this batch: the picks beyond the limit are not taken.
          const room = TICKET_FILES_MAX - latest.current.filter((f) => f.status !== 'error').length;
          return batch.indexOf(_file) < room ? true : Upload.LIST_IGNORE;
        }}
        customRequest={({ file }) => {
          const picked = file as File & { uid: string };
          update([
            ...latest.current,
            { uid: picked.uid, name: picked.name, size: picked.size, status: 'uploading', percent: 0 },
          ]);
          upload(picked, (percent) => patch(picked.uid, { percent })).then(
            (stored) => patch(picked.uid, { status: 'done', percent: 100, response: stored }),
            (error: unknown) => {
              const reason = failureText(error);
              patch(picked.uid, { status: 'error', error: new Error(reason), response: undefined });
            },
          );
        }}
        onRemove={(file) => {
          update(latest.current.filter((f) => f.uid !== file.uid));
          return false;
        }}
        itemRender={(node, file) =>
          file.status === 'error' ? (
            <div>
              {node}
              <Typography.Text type="danger" style={{ fontSize: 12 }} role="alert">
                {file.name}：{file.error instanceof Error ? file.error.message : '上传失败'}
              </Typography.Text>
            </div>
          ) : (
            node
          )
        }
      >
        <Button icon={<UploadOutlined />} disabled={disabled || full}>
          添加附件
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        最多{TICKET_FILES_MAX}个，支持图片、PDF、Word、Excel
      </Typography.Text>
    </div>
  );
}
