// The one way a file is downloaded (SPEC.md §7 "(blob)" calls): fetched with the session's token, then saved under
// the name the server gives in Content-Disposition. Errors go through the HTTP client like any other call.
import type { AxiosProgressEvent } from 'axios';
import { http } from './http';

/** The file name of a Content-Disposition header (RFC 6266: filename* first, then filename). */
export function fileNameOf(header: string | undefined | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || fallback;
}

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
  const href = URL.createObjectURL(response.data);
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
  return name;
}
