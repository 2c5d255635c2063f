// GET /api/ccw/subscribe/export/ and /api/ccw/project/publicity/export (blobs): the current tab as .xlsx.
import { endpoint, SUBSCRIBE_API, type SubTab } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { subParams } from './get-sub-list';

export interface SubExportRequest {
  activeName: SubTab;
  title?: string;
  mainid?: number;
}

const SUB_EXPORT = endpoint<Blob, Partial<SubExportRequest>>()('GET', SUBSCRIBE_API.export, {
  answer: 'file',
});
const PUBLICITY_EXPORT = endpoint<Blob, Partial<Omit<SubExportRequest, 'activeName'>>>()(
  'GET',
  SUBSCRIBE_API.publicityExport,
  { answer: 'file' },
);

/** 我的公示 has its own export call; every other tab goes through subscribe/export. */
export function exportSubTab(request: SubExportRequest): Promise<string> {
  if (request.activeName === 'wdgs') {
    const { activeName: _tab, ...rest } = request;
    return call(PUBLICITY_EXPORT, { input: subParams(rest), fallbackName: '我的公示.xlsx' });
  }
  return call(SUB_EXPORT, { input: subParams(request), fallbackName: '我的订阅.xlsx' });
}
