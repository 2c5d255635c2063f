// A hit's highlighted title and excerpt: the text escaped, each match of the search's words wrapped in <mark>, so
// the only markup in the answer is the marks (the member page renders them as text and <mark> elements anyway).
import { SEARCH_EXCERPT_CHARS } from '@uc/shared';
import { foldLatin } from '../../db/migrations/notice-grams.js';
import { escapeHtml } from '../../lib/html.js';

/** Characters before the first match an excerpt keeps, so the match reads in its sentence. */
const EXCERPT_LEAD = 30;

/** Every occurrence of the words in `text` (Latin letters compared case-insensitively), as merged [start, end). */
export function matchRanges(text: string, words: readonly string[]): [number, number][] {
  const folded = foldLatin(text);
  const ranges: [number, number][] = [];
  for (const word of words) {
    const w = foldLatin(word);
    if (w.length === 0) continue;
    for (let i = folded.indexOf(w); i >= 0; i = folded.indexOf(w, i + 1)) ranges.push([i, i + w.length]);
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const [start, end] of ranges) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** `text` escaped, each match of the words in <mark>. */
export function highlight(text: string, words: readonly string[]): string {
  let out = '';
  let at = 0;
  for (const [start, end] of matchRanges(text, words)) {
    out += `${escapeHtml(text.slice(at, start))}<mark>${escapeHtml(text.slice(start, end))}</mark>`;
    at = end;
  }
  return out + escapeHtml(text.slice(at));
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * About `chars` characters of `body` around the first match of any word (a little before it, so it reads in its
 * sentence), or its start when none is in the body; lines joined by spaces, cut ends marked with …, highlighted.
 */
export function excerpt(body: string, words: readonly string[], chars = SEARCH_EXCERPT_CHARS): string {
  const folded = foldLatin(body);
  const first = words
    .map((w) => folded.indexOf(foldLatin(w)))
    .filter((i) => i >= 0)
    .reduce((min, i) => Math.min(min, i), Number.POSITIVE_INFINITY);
  let start = Number.isFinite(first) ? Math.max(0, first - EXCERPT_LEAD) : 0;
  let end = Math.min(body.length, start + chars);
  start = Math.max(0, Math.min(start, end - chars));
  // Never split a character outside the Basic Multilingual Plane.
  if (start > 0 && isLowSurrogate(body.charCodeAt(start))) start -= 1;
  if (end < body.length && isLowSurrogate(body.charCodeAt(end))) end += 1;
  const window = body.slice(start, end).replace(/\s+/g, ' ');
  return `${start > 0 ? '…' : ''}${highlight(window, words)}${end < body.length ? '…' : ''}`;
}
