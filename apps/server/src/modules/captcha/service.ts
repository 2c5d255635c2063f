// Slider-captcha challenges and the one-time tickets they give a browser session, kept in the shared store.
import { randomUUID } from 'node:crypto';
import { CAPTCHA_CODE, MSG, type SliderChallenge } from '@uc/shared';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { type KeyValue, readJson } from '../../lib/kv.js';
import { ANSWER_X, type DrawnChallenge, drawChallenge } from './draw.js';
import { looksHuman } from './human.js';

interface VerifyInput {
  blockX: number;
  duration?: number | undefined;
  trail?: unknown;
}

/** `code` is absent on success, CAPTCHA_CODE.failed (try again) or CAPTCHA_CODE.refresh (new picture). */
interface VerifyResult {
  message: string;
  code?: number;
}

export interface CaptchaService {
  issue(sid: string, key: string): Promise<SliderChallenge>;
  verify(sid: string, key: string, input: VerifyInput): Promise<VerifyResult>;
  /** Uses up the session's ticket; false when it has none. */
  consumeTicket(sid: string): Promise<boolean>;
  /** The answer of the latest challenge for `key` (development helper only). */
  answer(key: string): Promise<number | null>;
}

interface CaptchaDeps {
  kv: KeyValue;
  limits: Config['captcha'];
  now: () => Date;
  /** Keeps key -> latest challenge so GET /__dev/captcha can answer; off in production. */
  exposeAnswers: boolean;
  draw?: () => Promise<DrawnChallenge>;
}

const challengeKey = (sid: string, key: string) => `captcha:c:${sid}:${key}`;
const triesKey = (sid: string, key: string) => `captcha:t:${sid}:${key}`;
const ticketKey = (sid: string) => `captcha:ticket:${sid}`;
const latestKey = (key: string) => `captcha:latest:${key}`;
const png = (buffer: Buffer) => `data:image/png;base64,${buffer.toString('base64')}`;

const challengeSchema = z.object({ x: z.number(), expiresAt: z.number() });

/**
 * The share of fresh puzzles that someone who never looks at the picture passes, however well it fakes the drag: the
 * answer is equally likely anywhere in ANSWER_X (155 places), a try passes the 2 x tolerance + 1 of them around its
 * guess, and a puzzle's tries together pass at most maxTries times that, wherever they are spread. The defaults (one
 * try, 4 px) give 9 / 155 = 5.8 %; the former three tries at 5 px gave 33 / 155 = 21.3 %. docs/decisions.md (captcha)
 * keeps it at most 10 %; test/captcha/blind-guess.test.ts measures it.
 */
export function blindGuessShare({
  maxTries,
  tolerancePx,
}: Pick<Config['captcha'], 'maxTries' | 'tolerancePx'>): number {
  return Math.min(1, (maxTries * (2 * tolerancePx + 1)) / (ANSWER_X.max - ANSWER_X.min + 1));
}

export function createCaptchaService({
  kv,
  limits,
  now,
  exposeAnswers,
  draw = drawChallenge,
}: CaptchaDeps): CaptchaService {
  const ttlMs = limits.ttlSeconds * 1000;
  const ticketMs = limits.ticketTtlSeconds * 1000;

  async function forget(sid: string, key: string) {
    await kv.del(challengeKey(sid, key));
    await kv.del(triesKey(sid, key));
  }

  return {
    async issue(sid, key) {
      const drawn = await draw();
      const stored: z.infer<typeof challengeSchema> = { x: drawn.x, expiresAt: now().getTime() + ttlMs };
      await kv.del(triesKey(sid, key));
      await kv.set(challengeKey(sid, key), JSON.stringify(stored), ttlMs);
      if (exposeAnswers) await kv.set(latestKey(key), challengeKey(sid, key), ttlMs);
      return { blockY: drawn.y, canvas_str: png(drawn.background), blockc_str: png(drawn.piece) };
    },

    async verify(sid, key, input) {
      const challenge = await readJson(kv, challengeKey(sid, key), challengeSchema);
      if (!challenge) return { message: MSG.captchaExpired, code: CAPTCHA_CODE.refresh };
      if (challenge.expiresAt <= now().getTime()) {
        await forget(sid, key);
        return { message: MSG.captchaExpired, code: CAPTCHA_CODE.refresh };
      }
      // Counted atomically before judging, so parallel guesses share the same few tries.
      const tries = await kv.incr(triesKey(sid, key), ttlMs);
      if (tries > limits.maxTries) {
        await forget(sid, key);
        return { message: MSG.captchaTooManyTries, code: CAPTCHA_CODE.refresh };
      }
      const right = Math.abs(input.blockX - challenge.x) <= limits.tolerancePx;
      if (right && looksHuman(input, limits)) {
        await forget(sid, key);
        await kv.set(ticketKey(sid), `${randomUUID()}:${now().getTime() + ticketMs}`, ticketMs);
        return { message: MSG.captchaPassed };
      }
      // The picture is used up by its last try (by default its only one): the next try is on a new answer.
      if (tries >= limits.maxTries) {
        await forget(sid, key);
        return { message: MSG.captchaFailed, code: CAPTCHA_CODE.refresh };
      }
      return { message: MSG.captchaFailed, code: CAPTCHA_CODE.failed };
    },

    async consumeTicket(sid) {
      const key = ticketKey(sid);
      const [id, expiresAt] = (await kv.get(key))?.split(':') ?? [];
      if (!id || !expiresAt) return false;
      // Two requests racing with one ticket: only the first to claim its id wins.
      const claims = await kv.incr(`captcha:used:${id}`, ticketMs);
      await kv.del(key);
      return claims === 1 && Number(expiresAt) > now().getTime();
    },

    async answer(key) {
      const stored = await kv.get(latestKey(key));
      if (!stored) return null;
      return (await readJson(kv, stored, challengeSchema))?.x ?? null;
    },
  };
}
