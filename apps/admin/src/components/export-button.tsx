// 导出: downloads the list's .xlsx with the filter in force (the server writes the file; every list has one).
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { ApiError, download, type Query } from '../lib/http';

export interface ExportButtonProps {
  /** The export path, e.g. /api/admin/audit/export/. */
  path: string;
  query: Query;
  /** The file's name when the server gives none. */
  fileName: string;
}

export function ExportButton({ path, query, fileName }: ExportButtonProps) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(path, query, fileName);
    } catch (error) {
      // 401 and 403 are already handled (登录, the role's message).
      const handled = error instanceof ApiError && (error.status === 401 || error.status === 403);
      if (!handled) void message.error(error instanceof Error ? error.message : '导出失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={run}>
      导出
    </Button>
  );
}
