// A notice's attachments (附件), in order: an icon by type, the name, the size and a download with the session.
import {
  DownloadOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileWordOutlined,
} from '@ant-design/icons';
import { fileSizeText } from '@uc/client';
import type { NoticeAttachment } from '@uc/shared';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { errorText } from '../../../lib/http/api-error';
import { toastError } from '../../../lib/ui/feedback';
import { downloadAttachment } from '../api/download-attachment';

/** The icon of a file by its type (its extension when the type says little). */
function FileIcon({ file }: { file: NoticeAttachment }) {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (file.mime === 'application/pdf' || ext === 'pdf')
    return <FilePdfOutlined style={{ color: '#cf1322' }} />;
  if (/word/.test(file.mime) || ext === 'doc' || ext === 'docx')
    return <FileWordOutlined style={{ color: '#1668dc' }} />;
  if (/excel|spreadsheet/.test(file.mime) || ext === 'xls' || ext === 'xlsx')
    return <FileExcelOutlined style={{ color: '#389e0d' }} />;
  if (file.mime.startsWith('image/')) return <FileImageOutlined style={{ color: '#d48806' }} />;
  return <FileOutlined />;
}

function Attachment({ file }: { file: NoticeAttachment }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadAttachment(file);
    } catch (error) {
      toastError(errorText(error, '下载失败，请稍后再试'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="uc-notice-file">
      <span className="uc-notice-file-icon" aria-hidden>
        <FileIcon file={file} />
      </span>
      <span className="uc-notice-file-name">{file.name}</span>
      <Typography.Text type="secondary" className="uc-notice-file-size">
        {fileSizeText(file.size)}
      </Typography.Text>
      <Button
        type="link"
        size="small"
        icon={<DownloadOutlined />}
        loading={busy}
        onClick={() => void download()}
        aria-label={`下载 ${file.name}`}
      >
        下载
      </Button>
    </li>
  );
}

export function NoticeAttachments({ files }: { files: readonly NoticeAttachment[] }) {
  return (
    <section aria-label="附件" className="uc-notice-section">
      <Typography.Title level={5}>附件（{files.length}）</Typography.Title>
      <ul className="uc-notice-files">
        {files.map((file) => (
          <Attachment key={file.id} file={file} />
        ))}
      </ul>
    </section>
  );
}
