// The one way a file is downloaded (docs/requirements.md §7 "(blob)" calls): fetched with the session's token, then saved under
// the name the server gives in Content-Disposition (@uc/client saveFile). Errors go through the HTTP client like any
// other call.
import { fileNameOf, saveFile } from '@uc/client';
import type { AxiosProgressEvent } from 'axios';
import { http } from './http';

export interface DownloadOptions {
  params?: Record<string, unknown>;
  /** The name used when the server gives none. */
  fallbackName: string;
  /** Bytes received so far, as they arrive. */
  onProgress?: (loaded: number) => void;
}

/** Downloads `url` and hands it to the browser as a file; resolves with the saved name. */
export async function downloadFile(url: string, options: DownloadOptions): Promise<string> {
  const response = await http.get<Blob>(url, {
    params: options.params,
    responseType: 'blob',
    // An export of tens of thousands of rows takes longer than an ordinary call.
    timeout: 120_000,
    onDownloadProgress: (event: AxiosProgressEvent) => options.onProgress?.(event.loaded),
  });
  const header = response.headers['content-disposition'];
  const name = fileNameOf(typeof header === 'string' ? header : null, options.fallbackName);
  saveFile(response.data, name);
  return name;
}
