// How both apps hand a downloaded file (an export, an invoice) to the browser: under the name the server gives in
// Content-Disposition, else the caller's. Each app fetches the file through its own HTTP client.

/** The file name of a Content-Disposition header (RFC 6266: filename* first, then filename), else `fallback`. */
export function fileNameOf(header: string | undefined | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/** Saves `blob` as a file named `name` (the browser's download, no new tab). */
export function saveFile(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked once the browser has surely started reading it.
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}
