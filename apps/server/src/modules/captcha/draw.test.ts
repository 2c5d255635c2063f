// The attacker: template matches that find the answer from the two images alone. They must fail on our puzzles and
// succeed on an undisguised one (the control), so a broken solver cannot make this test pass.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { LIMITS } from '@uc/shared';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../db/seed/content/prng.js';
import { ANSWER_X, drawChallenge, holePositions } from './draw.js';

const W = LIMITS.captchaWidth;
const H = LIMITS.captchaHeight;
const P = LIMITS.captchaPiece;
/** A pixel more than the default tolerance (4): a solver is counted right when it is nearly right. */
const TOLERANCE = 5;
// Enough puzzles that chance cannot cross the line: the best solver's rate here is about 21 % (64 of 300), so 240
// puzzles put the one-third line (80) more than four standard deviations above its mean (51); 60 puzzles left it two.
const PUZZLES = 240;

interface Puzzle {
  x: number;
  y: number;
  background: Uint8ClampedArray;
  piece: Uint8ClampedArray;
}

async function rgba(png: Buffer, w: number, h: number): Promise<Uint8ClampedArray> {
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(await loadImage(png), 0, 0);
  return ctx.getImageData(0, 0, w, h).data;
}

const lum = (d: Uint8ClampedArray, i: number) =>
  0.299 * (d[i] ?? 0) + 0.587 * (d[i + 1] ?? 0) + 0.114 * (d[i + 2] ?? 0);
const opaque = (piece: Uint8ClampedArray, i: number, j: number) =>
  i >= 0 && j >= 0 && i < P && j < P && (piece[(j * P + i) * 4 + 3] ?? 0) > 128;
const at = (x: number, y: number) => (y * W + x) * 4;

function best(score: (x: number) => number): number {
  let bestX = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let x = 0; x <= W - P; x += 1) {
    const s = score(x);
    if (s > bestScore) [bestX, bestScore] = [x, s];
  }
  return bestX;
}

/** Normalised cross-correlation of the piece's pixels with the picture under it, along the row blockY. */
function pixelMatch({ y, background, piece }: Puzzle): number {
  return best((x) => {
    let n = 0;
    let sp = 0;
    let sb = 0;
    let spp = 0;
    let sbb = 0;
    let spb = 0;
    for (let j = 0; j < P; j += 1) {
      for (let i = 0; i < P; i += 1) {
        if ((piece[(j * P + i) * 4 + 3] ?? 0) < 250) continue;
        const p = lum(piece, (j * P + i) * 4);
        const b = lum(background, at(x + i, y + j));
        n += 1;
        sp += p;
        sb += b;
        spp += p * p;
        sbb += b * b;
        spb += p * b;
      }
    }
    const cov = spb - (sp * sb) / n;
    return cov / Math.sqrt((spp - (sp * sp) / n) * (sbb - (sb * sb) / n) + 1e-9);
  });
}

/** The picture's contrast across the piece's outline: a hole's rim where the outline would be. */
function edgeMatch({ y, background, piece }: Puzzle): number {
  return best((x) => {
    let edge = 0;
    for (let j = 1; j < P - 1; j += 1) {
      for (let i = 1; i < P - 1; i += 1) {
        const inside = opaque(piece, i, j);
        const b = at(x + i, y + j);
        if (inside !== opaque(piece, i + 1, j)) edge += Math.abs(lum(background, b) - lum(background, b + 4));
        if (inside !== opaque(piece, i, j + 1))
          edge += Math.abs(lum(background, b) - lum(background, b + W * 4));
      }
    }
    return edge;
  });
}

/** A region shaped like the piece that is darker or lighter than a 3 px ring around it: the hole's shade. */
function shadeMatch({ y, background, piece }: Puzzle): number {
  const mask: [number, number][] = [];
  const ring: [number, number][] = [];
  for (let j = 0; j < P; j += 1) {
    for (let i = 0; i < P; i += 1) {
      if (opaque(piece, i, j)) mask.push([i, j]);
      else if ([-3, 0, 3].some((dj) => [-3, 0, 3].some((di) => opaque(piece, i + di, j + dj))))
        ring.push([i, j]);
    }
  }
  const mean = (points: [number, number][], x: number) =>
    points.reduce((sum, [i, j]) => sum + lum(background, at(x + i, Math.min(H - 1, y + j))), 0) /
    points.length;
  return best((x) => Math.abs(mean(mask, x) - mean(ring, x)));
}

const SOLVERS = { pixelMatch, edgeMatch, shadeMatch };

async function freshPuzzle(): Promise<Puzzle> {
  const drawn = await drawChallenge();
  return {
    x: drawn.x,
    y: drawn.y,
    background: await rgba(drawn.background, W, H),
    piece: await rgba(drawn.piece, P, P),
  };
}

/**
 * The control: a plain puzzle (one darkened hole cut exactly like the piece), as naive captchas draw it. Drawn from a
 * seeded generator, so the control is the same 20 pictures on every run (random pictures sometimes put a circle of
 * the hole's colour beside it and made the control itself fail by chance).
 */
const controlRandom = mulberry32(20_261_124);
async function plainPuzzle(): Promise<Puzzle> {
  const random = () => controlRandom.next();
  const source = createCanvas(W, H);
  const ctx = source.getContext('2d');
  ctx.fillStyle = `hsl(${random() * 360}, 50%, 60%)`;
  ctx.fillRect(0, 0, W, H);
  for (let i = 0; i < 40; i += 1) {
    ctx.fillStyle = `hsl(${random() * 360}, 60%, ${30 + random() * 50}%)`;
    ctx.beginPath();
    ctx.arc(random() * W, random() * H, 5 + random() * 30, 0, Math.PI * 2);
    ctx.fill();
  }
  const x = 60 + Math.floor(random() * (W - P - 66));
  const y = 6 + Math.floor(random() * (H - P - 12));
  const shape = (c: typeof ctx, ox: number, oy: number) => {
    c.beginPath();
    c.rect(ox + 7, oy + 7, 26, 26);
    c.arc(ox + 20, oy + 7, 5.5, 0, Math.PI * 2);
    c.arc(ox + 33, oy + 20, 5.5, 0, Math.PI * 2);
  };
  const piece = createCanvas(P, P);
  const pctx = piece.getContext('2d');
  shape(pctx, 0, 0);
  pctx.clip();
  pctx.drawImage(source, -x, -y);
  shape(ctx, x, y);
  ctx.fillStyle = 'rgba(0, 0, 0, 0.45)';
  ctx.fill();
  return { x, y, background: ctx.getImageData(0, 0, W, H).data, piece: pctx.getImageData(0, 0, P, P).data };
}

async function solvedShare(make: () => Promise<Puzzle>, count: number) {
  const solved = { pixelMatch: 0, edgeMatch: 0, shadeMatch: 0 };
  for (let k = 0; k < count; k += 1) {
    const puzzle = await make();
    for (const [name, solve] of Object.entries(SOLVERS)) {
      if (Math.abs(solve(puzzle) - puzzle.x) <= TOLERANCE) solved[name as keyof typeof solved] += 1;
    }
  }
  return solved;
}

describe('slider puzzle against template matching', () => {
  it('the solvers find the answer of a plain puzzle (control)', async () => {
    const solved = await solvedShare(plainPuzzle, 20);
    expect(solved.pixelMatch).toBeGreaterThanOrEqual(18);
    expect(solved.edgeMatch).toBeGreaterThanOrEqual(18);
    expect(solved.shadeMatch).toBeGreaterThanOrEqual(18);
  });

  it('each solver fails at least two thirds of fresh puzzles', { timeout: 60_000 }, async () => {
    const solved = await solvedShare(freshPuzzle, PUZZLES);
    for (const count of Object.values(solved)) expect(count).toBeLessThanOrEqual(PUZZLES / 3);
  });

  it('places three decoys beside every possible answer, clear of it and of each other', () => {
    const random = mulberry32(4_242);
    for (let answer = ANSWER_X.min; answer <= ANSWER_X.max; answer += 1) {
      let first = true;
      const holes = holePositions((min, max) => {
        if (!first) return random.int(min, max - 1);
        first = false;
        return answer;
      });
      expect(holes.answer).toBe(answer);
      const all = [holes.answer, ...holes.decoys];
      expect(all).toHaveLength(4);
      for (const [i, x] of all.entries()) {
        expect(x).toBeGreaterThanOrEqual(6);
        expect(x + P).toBeLessThanOrEqual(W - 6);
        for (const other of all.slice(i + 1)) expect(Math.abs(other - x)).toBeGreaterThanOrEqual(P + 12);
      }
    }
  });

  it('draws every answer clear of the slider start and inside the picture', async () => {
    for (let k = 0; k < 10; k += 1) {
      const { x, y } = await drawChallenge();
      expect(x).toBeGreaterThanOrEqual(60);
      expect(x + P).toBeLessThanOrEqual(W);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y + P).toBeLessThanOrEqual(H);
    }
  });
});
