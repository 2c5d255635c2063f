// Height messages from an embedded tool page: {type:'uc:iframe-height', height} or a bare number.

const IFRAME_HEIGHT_MESSAGE = 'uc:iframe-height';
const MIN_HEIGHT = 200;
const MAX_HEIGHT = 100_000;

/** The height a message asks for, clamped to a sane range; null when the message is something else. */
export function parseIframeHeight(data: unknown): number | null {
  let value: unknown = data;
  if (typeof data === 'object' && data !== null) {
    const record = data as Record<string, unknown>;
    if (record.type !== IFRAME_HEIGHT_MESSAGE) return null;
    value = record.height;
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null;
  return Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(value)));
}
