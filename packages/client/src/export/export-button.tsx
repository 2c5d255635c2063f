// 导出: the download button of both apps' lists and results, busy while its file is fetched. What it downloads, and
// what is said when that fails, is the caller's (each app reports failures its own way).
import { DownloadOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';

export interface ExportButtonProps extends Omit<ButtonProps, 'icon' | 'loading' | 'onClick'> {
  /** Fetches and saves the file; it reports its own failure, so it never rejects. */
  onExport: () => Promise<unknown>;
}

export function ExportButton({ onExport, children = '导出', ...button }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button {...button} icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      {children}
    </Button>
  );
}
