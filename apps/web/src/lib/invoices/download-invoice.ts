// GET /api/ccw/invoice/{id}/pdf/: an issued invoice's PDF, saved under the name the server gives (发票-<number>.pdf).
import { fillPath, INVOICE_API } from '@uc/shared';
import { downloadFile } from '../http/download';

export function downloadInvoice(id: number): Promise<string> {
  return downloadFile(fillPath(INVOICE_API.pdf, id), { fallbackName: `发票-${id}.pdf` });
}
