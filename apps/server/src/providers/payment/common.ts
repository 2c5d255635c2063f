// Pieces every payment provider uses: header reading, the JSON refusal, byte-bounded text and China-time formats.
import { shanghaiSecond } from '@uc/shared';
import type { Acknowledgement, NotificationRequest, VerifiedNotification } from './types.js';

/** One header's value (names compared case-insensitively); undefined when missing, empty or sent twice. */
export function headerValue(headers: NotificationRequest['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    return typeof value === 'string' && value !== '' ? value : undefined;
  }
  return undefined;
}

/** A refused notification (of a payment or a refund): never throws, keeps what arrived. */
export const refuse = (reason: string, raw: string): Extract<VerifiedNotification, { ok: false }> => ({
  ok: false,
  reason,
  raw,
});

/** WeChat Pay's answer to a notification (the sandbox answers the same way): 204 when kept, a JSON FAIL otherwise. */
export function jsonAcknowledgement(ok: boolean): Acknowledgement {
  if (ok) return { status: 204, contentType: 'text/plain; charset=utf-8', body: '' };
  return {
    status: 400,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ code: 'FAIL', message: '失败' }),
  };
}

/** `text` cut to at most `maxBytes` UTF-8 bytes without splitting a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  let out = '';
  let used = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char, 'utf8');
    if (used + size > maxBytes) break;
    out += char;
    used += size;
  }
  return out;
}

/** RFC 3339 in China time, as WeChat Pay writes it: 2026-01-02T15:04:05+08:00. */
export function chinaRfc3339(date: Date): string {
  return `${shanghaiSecond(date).replace(' ', 'T')}+08:00`;
}

/** 'yyyy-MM-dd HH:mm:ss' in China time, as Alipay writes it. */
export function chinaDateTime(date: Date): string {
  return shanghaiSecond(date);
}

/** Alipay's 'yyyy-MM-dd HH:mm:ss' (China time) back to a Date; null when malformed. */
export function parseChinaDateTime(text: unknown): Date | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text);
  if (!match) return null;
  const date = new Date(`${match[1]}T${match[2]}+08:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An RFC 3339 time back to a Date; null when missing or malformed. */
export function parseRfc3339(text: unknown): Date | null {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}
