// GET /api/ccw/invoice/{id}/pdf/: an issued invoice's PDF, saved under the name the server gives (发票-<number>.pdf).
import { endpoint, INVOICE_API } from '@uc/shared';
import { call } from '../http/http';

const ENDPOINT = endpoint<Blob>()('GET', INVOICE_API.pdf, { answer: 'file' });

export function downloadInvoice(id: number): Promise<string> {
  return call(ENDPOINT, { id, fallbackName: `发票-${id}.pdf` });
}
