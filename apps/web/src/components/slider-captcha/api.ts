// GET and POST api/slider_code/ (docs/requirements.md §7): a puzzle picture for a key, and the check of a drag.
import {
  AUTH_API,
  CAPTCHA_CODE,
  CODE,
  type Envelope,
  type SliderChallenge,
  type TrailSample,
} from '@uc/shared';
import { http } from '../../lib/http/http';

const SLIDER_CODE_URL = AUTH_API.sliderCode;

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

export async function fetchSliderChallenge(key: string): Promise<SliderChallenge> {
  const res = await http.get<Envelope<SliderChallenge[]>>(SLIDER_CODE_URL, {
    params: { username: key },
    silent: true,
  });
  const first = res.data.code === CODE.ok && Array.isArray(res.data.data) ? res.data.data[0] : undefined;
  if (!first?.canvas_str || !first.blockc_str) throw new Error(res.data.message || '验证图片加载失败');
  return first;
}

function dataCode(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null || !('code' in data)) return undefined;
  const { code } = data;
  return typeof code === 'number' ? code : Number(code);
}

/** Maps an answer of POST api/slider_code/: no data.code is a pass, 400 another try, the rest a new picture. */
export function verifyOutcome(body: Envelope<unknown>): VerifyOutcome {
  const code = dataCode(body.data);
  if (body.code === CODE.ok && code === undefined) return 'passed';
  if (code === CAPTCHA_CODE.failed) return 'retry';
  return 'refresh';
}

export async function verifySliderAttempt(attempt: SliderAttempt): Promise<VerifyOutcome> {
  const res = await http.post<Envelope<unknown>>(SLIDER_CODE_URL, attempt, { silent: true });
  return verifyOutcome(res.data);
}
