// A call's failure told to the member: the server's message (else `fallback`) as a toast, unless the HTTP client
// already acted on it (its own toast, the login dialog, an error page).
import { ApiError } from '@uc/client';
import { toastError } from '../ui/feedback';
import { errorText } from './api-error';

export function reportFailure(error: unknown, fallback: string): void {
  if (!(error instanceof ApiError) || error.handledBy === 'none') toastError(errorText(error, fallback));
}
