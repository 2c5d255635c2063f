// Failures of the account calls: the server's Chinese message, unless the HTTP client already acted on it (the
// login dialog, an error page, a toast of its own).
import { ApiError } from '@uc/client';
import type { FormInstance } from 'antd';
import { errorText } from '../../../lib/http/api-error';
import { toastError } from '../../../lib/ui/feedback';

export function handledByClient(error: unknown): boolean {
  return error instanceof ApiError && error.handledBy !== 'none';
}

export function reportFailure(error: unknown, fallback = '操作失败，请稍后重试'): void {
  if (!handledByClient(error)) toastError(errorText(error, fallback));
}

/** The body code of a business failure (HTTP 200 with another code), else undefined. */
export function businessCode(error: unknown): number | undefined {
  return error instanceof ApiError && error.kind === 'business' ? error.code : undefined;
}

/** A field of an antd form, as setFields names it. */
type FieldName<Values> = Parameters<FormInstance<Values>['setFields']>[0][number]['name'];

/** A business refusal (a wrong password or code, a taken mobile) shows under `field`; anything else as a toast. */
export function showFieldFailure<Values>(
  form: FormInstance<Values>,
  field: FieldName<Values>,
  error: unknown,
): void {
  if (error instanceof ApiError && error.kind === 'business' && error.message) {
    form.setFields([{ name: field, errors: [error.message] }]);
  } else {
    reportFailure(error);
  }
}
