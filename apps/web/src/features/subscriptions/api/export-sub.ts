// GET /api/ccw/subscribe/export/ and /api/ccw/project/publicity/export (blobs): the current tab as .xlsx.
import { SUBSCRIBE_API, type SubTab } from '@uc/shared';
import { downloadFile } from '../../../lib/http/download';
import { subParams } from './get-sub-list';

export interface SubExportRequest {
  activeName: SubTab;
  title?: string;
  mainid?: number;
}

/** 我的公示 has its own export call; every other tab goes through subscribe/export. */
export function exportSubTab(request: SubExportRequest): Promise<string> {
  if (request.activeName === 'wdgs') {
    const { activeName: _tab, ...rest } = request;
    return downloadFile(SUBSCRIBE_API.publicityExport, {
      params: subParams(rest),
      fallbackName: '我的公示.xlsx',
    });
  }
  return downloadFile(SUBSCRIBE_API.export, { params: subParams(request), fallbackName: '我的订阅.xlsx' });
}
