// The one way a file is downloaded (docs/requirements.md §7 "(blob)" calls): fetched through the HTTP client with the
// session's token, then saved under the name the server gives in Content-Disposition (@uc/client downloadFile).
// Errors go through the HTTP client like any other call.
import { type DownloadOptions, downloadFile as download } from '@uc/client';
import { http } from './http';

/** Downloads `url` and hands it to the browser as a file; resolves with the saved name. */
export function downloadFile(
  url: string,
  options: Omit<DownloadOptions, 'method' | 'timeout'>,
): Promise<string> {
  // An export of tens of thousands of rows takes longer than an ordinary call.
  return download(http, url, { ...options, timeout: 120_000 });
}
