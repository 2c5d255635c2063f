// The shared invoice rules (zod, with the messages the server answers), in their own chunk: loaded when an invoice
// form validates.
export { invoiceApplyBody, invoiceTitleBody } from '@uc/shared';
