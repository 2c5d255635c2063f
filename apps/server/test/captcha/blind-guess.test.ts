// The blind guesser: it never looks at the picture, knows where answers can be and the tolerance, and drags like a
// person. Across every try a puzzle allows it must pass at most 10 % of fresh puzzles (docs/decisions.md, captcha).
import { CAPTCHA_CODE } from '@uc/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { mulberry32 } from '../../src/db/seed/content/prng.js';
import { createMemoryStore } from '../../src/lib/kv.js';
import {
  ANSWER_X,
  type DrawnChallenge,
  drawChallenge,
  holePositions,
} from '../../src/modules/captcha/draw.js';
import { blindGuessShare, createCaptchaService } from '../../src/modules/captcha/service.js';
import { handTrail } from '../support/captcha.js';

const PUZZLES = 200;
const MAX_SHARE = 0.1;
/** The configuration's defaults: what production runs unless told otherwise. */
const limits = loadConfig({ NODE_ENV: 'test' }).captcha;

/**
 * The best guesses, in order: windows of 2 x tolerance + 1 answers side by side, never overlapping and never reaching
 * past the range, so each try covers as many answers the earlier ones did not as any try can. Every answer in the range
 * is equally likely, so the first n of these are as good as any n guesses.
 */
function tiling(from: 'low' | 'high'): number[] {
  const width = 2 * limits.tolerancePx + 1;
  const count = Math.floor((ANSWER_X.max - ANSWER_X.min + 1) / width);
  return Array.from({ length: count }, (_, i) =>
    from === 'low'
      ? ANSWER_X.min + limits.tolerancePx + i * width
      : ANSWER_X.max - limits.tolerancePx - i * width,
  );
}

/** Answers the guesser studies before it starts: it has fetched this many puzzles and solved them (by eye). */
const STUDIED = 20_000;

/**
 * The guesses of someone who has learnt where answers fall (from many puzzles solved by hand) and spends each try on
 * the window holding the most answers its earlier tries did not cover: against an uneven spread of answers this is
 * the strongest blind guesser, against an even one it is as good as a tiling.
 */
function mostLikelyWindows(): number[] {
  const seen = new Map<number, number>();
  const random = mulberry32(7_301);
  for (let k = 0; k < STUDIED; k += 1) {
    const { answer } = holePositions((min, max) => random.int(min, max - 1));
    seen.set(answer, (seen.get(answer) ?? 0) + 1);
  }
  const t = limits.tolerancePx;
  const guesses: number[] = [];
  for (;;) {
    let best = { x: 0, count: 0 };
    for (let x = ANSWER_X.min; x <= ANSWER_X.max; x += 1) {
      let count = 0;
      for (let a = x - t; a <= x + t; a += 1) count += seen.get(a) ?? 0;
      if (count > best.count) best = { x, count };
    }
    if (best.count === 0) return guesses;
    guesses.push(best.x);
    for (let a = best.x - t; a <= best.x + t; a += 1) seen.delete(a);
  }
}

const strategies = (): Record<string, number[]> => ({
  'the most likely windows first': mostLikelyWindows(),
  'tiled from the low end': tiling('low'),
  'tiled from the high end': tiling('high'),
  'the guesses of the finding (71, 104, 137)': [71, 104, 137],
});

/** A drag that passes the human checks, ending at x. */
const humanDrag = (x: number) => ({ blockX: x, duration: 800, trail: JSON.stringify(handTrail(x)) });

/** The same puzzles on every run: a seeded generator places the holes, so the figures never change by chance. */
let puzzles: DrawnChallenge[] = [];
beforeAll(async () => {
  const random = mulberry32(20_261_201);
  const positions = (min: number, max: number) => random.int(min, max - 1);
  puzzles = [];
  for (let k = 0; k < PUZZLES; k += 1) puzzles.push(await drawChallenge(positions));
}, 60_000);

/** The service the API calls, drawing `puzzles` in turn, with the default limits. */
function serviceOver(drawn: DrawnChallenge[]) {
  let next = 0;
  return createCaptchaService({
    kv: createMemoryStore().kv,
    limits,
    now: () => new Date(),
    exposeAnswers: false,
    draw: async () => {
      const puzzle = drawn[next];
      next += 1;
      if (!puzzle) throw new Error('out of puzzles');
      return puzzle;
    },
  });
}

/** How many puzzles `guesses` pass: on each, it tries them in turn for as long as the server lets it. */
async function passedBy(guesses: number[]): Promise<number> {
  const captcha = serviceOver(puzzles);
  let passed = 0;
  for (let k = 0; k < puzzles.length; k += 1) {
    const key = `guess-${k}`;
    await captcha.issue('blind', key);
    for (const x of guesses) {
      const result = await captcha.verify('blind', key, humanDrag(x));
      if (result.code === undefined) passed += 1;
      if (result.code !== CAPTCHA_CODE.failed) break;
    }
  }
  return passed;
}

describe('slider puzzle against blind guessing', () => {
  it(`the default limits let a blind guesser pass at most ${MAX_SHARE * 100} % by arithmetic`, () => {
    // One try whose 2 x 4 + 1 px window holds 9 of the 155 equally likely answers.
    expect(blindGuessShare(limits)).toBeCloseTo(9 / 155, 6);
    expect(blindGuessShare(limits)).toBeLessThanOrEqual(MAX_SHARE);
    expect(blindGuessShare({ maxTries: 3, tolerancePx: 5 })).toBeCloseTo(33 / 155, 6);
  });

  it('passes every puzzle dragged to its answer with the same drag (control)', async () => {
    const captcha = serviceOver(puzzles);
    for (const [k, puzzle] of puzzles.entries()) {
      await captcha.issue('control', `control-${k}`);
      expect((await captcha.verify('control', `control-${k}`, humanDrag(puzzle.x))).code).toBeUndefined();
    }
  });

  it(`a guesser passes at most ${MAX_SHARE * 100} % of ${PUZZLES} fresh puzzles, whatever its guesses`, async () => {
    const passed: Record<string, number> = {};
    for (const [name, guesses] of Object.entries(strategies())) passed[name] = await passedBy(guesses);
    for (const [name, count] of Object.entries(passed)) {
      expect(count, `${name}: ${count} of ${PUZZLES} (${JSON.stringify(passed)})`).toBeLessThanOrEqual(
        PUZZLES * MAX_SHARE,
      );
    }
    // The guesser does find answers now and then: a guesser the server always refused would prove nothing.
    expect(Math.max(...Object.values(passed))).toBeGreaterThan(0);
  });
});
