// 批量导入: the template to fill in, the .xlsx upload (checked here first), the job's progress asked every second,
// then its counts (新增 / 重复 / 未找到 / 失败) and the result file with what became of each row.
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { IMPORT_ROWS_MAX, type ImportJob } from '@uc/shared';
import { Alert, Button, Modal, Progress, Space, Statistic, Typography, Upload, type UploadProps } from 'antd';
import { useEffect, useState } from 'react';
import { reportFailure } from '../../../lib/http/report-failure';
import { toastError, toastSuccess } from '../../../lib/ui/feedback';
import { usePending } from '../../../lib/ui/use-pending';
import { downloadImportResult } from '../api/download-import-result';
import { downloadImportTemplate } from '../api/download-import-template';
import { importFinished, useImportJob } from '../api/get-import-job';
import { invalidateBook } from '../api/keys';
import { useStartImport } from '../api/start-import';
import { importFileProblem, importPercent } from '../model/import-file';

function DownloadButton({
  label,
  download,
  type = 'default',
}: {
  label: string;
  download: () => Promise<string>;
  type?: 'default' | 'link' | 'primary';
}) {
  const [pending, run] = usePending();
  const onClick = () =>
    run(async () => {
      try {
        toastSuccess(`已下载 ${await download()}`);
      } catch (error) {
        reportFailure(error, '下载失败，请稍后重试');
      }
    });
  return (
    <Button type={type} icon={<DownloadOutlined />} loading={pending} onClick={() => void onClick()}>
      {label}
    </Button>
  );
}

const STATUS_TEXT: Record<ImportJob['status'], string> = {
  queued: '排队中…',
  running: '正在导入…',
  done: '导入完成',
  failed: '导入失败',
};

function JobView({ job, onAgain }: { job: ImportJob; onAgain: () => void }) {
  const finished = importFinished(job);
  return (
    <div data-testid="import-job">
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        <Typography.Text strong>{job.file_name}</Typography.Text>
        <Typography.Text type="secondary">{`　${STATUS_TEXT[job.status]}`}</Typography.Text>
      </Typography.Paragraph>
      <Progress
        percent={importPercent(job)}
        status={job.status === 'failed' ? 'exception' : job.status === 'done' ? 'success' : 'active'}
        aria-label="导入进度"
      />
      <Typography.Text type="secondary">{`已处理 ${job.processed} / ${job.total} 行`}</Typography.Text>
      {job.status === 'failed' && (
        <Alert type="error" showIcon title={job.error || '导入失败'} style={{ marginTop: 12 }} />
      )}
      {job.status === 'done' && (
        <div className="customer-import-counts" data-testid="import-counts">
          <Statistic title="新增" value={job.added} suffix="家" />
          <Statistic title="重复" value={job.duplicate} suffix="家" />
          <Statistic title="未找到" value={job.not_found} suffix="家" />
          <Statistic title="失败" value={job.failed} suffix="家" />
        </div>
      )}
      {finished && (
        <Space wrap style={{ marginTop: 12 }}>
          {job.status === 'done' && (
            <DownloadButton type="primary" label="下载结果" download={() => downloadImportResult(job.id)} />
          )}
          <Button onClick={onAgain}>继续导入</Button>
        </Space>
      )}
    </div>
  );
}

export interface ImportCustomersDialogProps {
  userId: number;
  open: boolean;
  onClose: () => void;
  phone: boolean;
}

export function ImportCustomersDialog({ userId, open, onClose, phone }: ImportCustomersDialogProps) {
  const client = useQueryClient();
  const [jobId, setJobId] = useState(0);
  const start = useStartImport();
  const job = useImportJob(userId, jobId);
  const status = job.data?.status;

  // A finished job changed the book: the list, quota, tags and the dashboard are read again.
  useEffect(() => {
    if (status === 'done') void invalidateBook(client, userId);
  }, [status, client, userId]);

  const close = () => {
    setJobId(0);
    start.reset();
    onClose();
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = importFileProblem(file);
    if (problem) {
      toastError(problem);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    if (!(file instanceof Blob)) return;
    start.mutate(file, {
      onSuccess: (started) => {
        setJobId(started.id);
        onSuccess?.(started);
      },
      onError: (error) => {
        reportFailure(error, '上传失败，请稍后重试');
        onError?.(error instanceof Error ? error : new Error(String(error)));
      },
    });
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      title="批量导入客户"
      width={phone ? '100%' : 560}
      className={phone ? 'customer-dialog-phone' : undefined}
      destroyOnHidden
      data-testid="import-customers-dialog"
      footer={null}
    >
      {jobId > 0 && job.data ? (
        <JobView job={job.data} onAgain={() => setJobId(0)} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            {`请下载模板，在第一列每行填写一个企业全称或统一社会信用代码（从第2行起，最多${IMPORT_ROWS_MAX}行），保存后上传。`}
          </Typography.Paragraph>
          <div style={{ marginBottom: 16 }}>
            <DownloadButton label="下载模板" download={downloadImportTemplate} />
          </div>
          <Upload.Dragger
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            maxCount={1}
            showUploadList={false}
            beforeUpload={beforeUpload}
            customRequest={customRequest}
            disabled={start.isPending || jobId > 0}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">
              {start.isPending || jobId > 0 ? '正在上传…' : '点击或拖拽文件到此处上传'}
            </p>
            <p className="ant-upload-hint">仅支持 .xlsx 文件，大小不超过 2MB</p>
          </Upload.Dragger>
        </>
      )}
    </Modal>
  );
}
