// 导出: downloads the list's .xlsx with the filter in force (the server writes the file and audits it). Each section's
// export is a permission of its own: a role without it sees no button (the server refuses it all the same, 403).
import { ApiError, ExportButton as DownloadButton } from '@uc/client';
import type { StaffPermission } from '@uc/shared';
import { App } from 'antd';
import { download, type Query } from '../lib/http';
import { can, useSession } from '../lib/session';

export interface ExportButtonProps {
  /** The export path, e.g. /api/admin/audit/export/. */
  path: string;
  query: Query;
  /** The file's name when the server gives none. */
  fileName: string;
  /** The section's export permission the role must hold for the button to show. */
  permission: StaffPermission;
}

export function ExportButton({ path, query, fileName, permission }: ExportButtonProps) {
  const { message } = App.useApp();
  const { data: session } = useSession();
  const run = async () => {
    try {
      await download(path, query, fileName);
    } catch (error) {
      // 401 and 403 are already handled (登录, the role's message).
      const handled = error instanceof ApiError && (error.status === 401 || error.status === 403);
      if (!handled) void message.error(error instanceof Error ? error.message : '导出失败');
    }
  };
  if (!can(session, permission)) return null;
  return <DownloadButton onExport={run} />;
}
