// GET and POST api/slider_code/ (docs/requirements.md §7): a puzzle picture for a key, and the check of a drag.
import {
  AUTH_API,
  CAPTCHA_CODE,
  CODE,
  type Envelope,
  endpoint,
  type SliderChallenge,
  type SliderQuery,
  type SliderVerifyData,
  type TrailSample,
} from '@uc/shared';
import { call } from '../../lib/http/http';

export type { SliderChallenge };

/** One sample of a drag: offset x and y from its start (px) and time since its start (ms). */
export type TrailPoint = TrailSample;

export interface SliderAttempt {
  /** The key the picture was requested with. */
  username: string;
  /** Left edge of the piece on the 260-px picture. */
  blockX: number;
  duration: number;
  trail: TrailPoint[];
}

export type VerifyOutcome = 'passed' | 'retry' | 'refresh';

// Both silent, the envelope read here whatever its code.
const CHALLENGE = endpoint<SliderChallenge[], SliderQuery>()('GET', AUTH_API.sliderCode, {
  answer: 'envelope',
});
const VERIFY = endpoint<SliderVerifyData, SliderAttempt>()('POST', AUTH_API.sliderCode, {
  answer: 'envelope',
});

export async function fetchSliderChallenge(key: string): Promise<SliderChallenge> {
  const body = await call(CHALLENGE, { input: { username: key }, silent: true });
  const first = body.code === CODE.ok && Array.isArray(body.data) ? body.data[0] : undefined;
  if (!first?.canvas_str || !first.blockc_str) throw new Error(body.message || '验证图片加载失败');
  return first;
}

function dataCode(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null || !('code' in data)) return undefined;
  const { code } = data;
  return typeof code === 'number' ? code : Number(code);
}

/**
 * Maps an answer of POST api/slider_code/ (its data, or null on a refusal): no data.code is a pass, 400 another try,
 * the rest a new picture.
 */
export function verifyOutcome(body: Envelope<SliderVerifyData | null>): VerifyOutcome {
  const code = dataCode(body.data);
  if (body.code === CODE.ok && code === undefined) return 'passed';
  if (code === CAPTCHA_CODE.failed) return 'retry';
  return 'refresh';
}

export async function verifySliderAttempt(attempt: SliderAttempt): Promise<VerifyOutcome> {
  return verifyOutcome(await call(VERIFY, { input: attempt, silent: true }));
}
