// Draws slider-captcha pictures with @napi-rs/canvas: a random background with the piece's hole and decoy holes, and the piece.
import { randomInt as cryptoRandomInt } from 'node:crypto';
import { type CanvasRenderingContext2D, createCanvas, type ImageData } from '@napi-rs/canvas';
import { LIMITS } from '@uc/shared';

const W = LIMITS.captchaWidth;
const H = LIMITS.captchaHeight;
/** The piece image is PIECE x PIECE; the jigsaw shape fits inside it. */
const PIECE = LIMITS.captchaPiece;
/** Keeps the answer clear of the slider's start and of the edges. */
const MIN_X = 60;
const MARGIN = 6;
/** Where the answer (the piece's left edge) may be, both ends included: every x in it is equally likely. */
export const ANSWER_X = { min: MIN_X, max: W - PIECE - MARGIN } as const;
/** The square body of a piece, centred in the PIECE x PIECE image; knobs stand out of it by at most KNOB_MAX. */
const BODY = 26;
const KNOB_MAX = 6;
/** Holes that only look like the answer: a script matching images has to tell them apart as a person does. */
const DECOYS = 3;

/** A uniform integer in [min, max). */
export type RandomInt = (min: number, max: number) => number;

export interface DrawnChallenge {
  /** Left edge of the piece in the 260-wide picture: the answer, which never leaves the server. */
  x: number;
  /** Top edge of the piece, sent to the client as blockY. */
  y: number;
  /** PNG, 260x120. */
  background: Buffer;
  /** PNG, 40x40, transparent outside the shape. */
  piece: Buffer;
}

/** -1 a notch cut in, 0 a straight side, 1 a knob standing out. */
type Tab = -1 | 0 | 1;

/** A jigsaw outline: top, right, bottom and left sides, where along each side its knob sits, and the knob size. */
interface Outline {
  tabs: [Tab, Tab, Tab, Tab];
  at: [number, number, number, number];
  radius: number;
}

const rand = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${Math.round(h) % 360}, ${s}%, ${l}%, ${a})`;
const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

const TABS: readonly Tab[] = [-1, 0, 1];

/** A random outline with at least two knobs or notches, so every piece reads as a jigsaw piece. */
function randomOutline(): Outline {
  for (;;) {
    const tabs = [pick(TABS), pick(TABS), pick(TABS), pick(TABS)] as Outline['tabs'];
    if (tabs.filter((t) => t !== 0).length >= 2) {
      return {
        tabs,
        at: [rand(0.38, 0.62), rand(0.38, 0.62), rand(0.38, 0.62), rand(0.38, 0.62)],
        radius: rand(4.6, 5.8),
      };
    }
  }
}

/**
 * The piece's outline with one side changed (a knob for a notch, a straight side for either): a person tells it
 * from the piece at a glance, while as pixels it is nine tenths the same shape. `side` is 0..3.
 */
function nearOutline(piece: Outline, side: number): Outline {
  const tabs = [...piece.tabs] as Outline['tabs'];
  const current = tabs[side] ?? 0;
  const others = TABS.filter((t) => t !== current);
  // Keep the decoy a jigsaw piece: never fewer than two knobs or notches.
  const choices = others.filter(
    (t) => tabs.filter((x, i) => i !== side && x !== 0).length + (t !== 0 ? 1 : 0) >= 2,
  );
  tabs[side] = pick(choices.length > 0 ? choices : others);
  return { tabs, at: piece.at, radius: piece.radius };
}

/**
 * The outline's path with its body's top-left corner at (ox + (PIECE - BODY) / 2, oy + …), turned by `angle`
 * about its centre. Each side runs clockwise; a knob is a half circle outwards, a notch the same inwards.
 */
function outlinePath(
  ctx: CanvasRenderingContext2D,
  outline: Outline,
  ox: number,
  oy: number,
  angle = 0,
  scale = 1,
) {
  const inset = (PIECE - BODY) / 2;
  const l = ox + inset;
  const t = oy + inset;
  const r = l + BODY;
  const b = t + BODY;
  const { tabs, at, radius } = outline;
  ctx.save();
  if (angle !== 0 || scale !== 1) {
    ctx.translate(ox + PIECE / 2, oy + PIECE / 2);
    ctx.rotate(angle);
    ctx.scale(scale, scale);
    ctx.translate(-(ox + PIECE / 2), -(oy + PIECE / 2));
  }
  ctx.beginPath();
  ctx.moveTo(l, t);
  // top: left to right, out is up
  if (tabs[0] !== 0) {
    const cx = l + at[0] * BODY;
    ctx.lineTo(cx - radius, t);
    ctx.arc(cx, t, radius, Math.PI, 0, tabs[0] === -1);
  }
  ctx.lineTo(r, t);
  // right: top to bottom, out is right
  if (tabs[1] !== 0) {
    const cy = t + at[1] * BODY;
    ctx.lineTo(r, cy - radius);
    ctx.arc(r, cy, radius, -Math.PI / 2, Math.PI / 2, tabs[1] === -1);
  }
  ctx.lineTo(r, b);
  // bottom: right to left, out is down
  if (tabs[2] !== 0) {
    const cx = l + at[2] * BODY;
    ctx.lineTo(cx + radius, b);
    ctx.arc(cx, b, radius, 0, Math.PI, tabs[2] === -1);
  }
  ctx.lineTo(l, b);
  // left: bottom to top, out is left
  if (tabs[3] !== 0) {
    const cy = t + at[3] * BODY;
    ctx.lineTo(l, cy + radius);
    ctx.arc(l, cy, radius, Math.PI / 2, (3 * Math.PI) / 2, tabs[3] === -1);
  }
  ctx.closePath();
  ctx.restore();
}

function paintBackground(ctx: CanvasRenderingContext2D) {
  const hue = rand(0, 360);
  const scheme = pick([
    [0, 40, 80],
    [0, 180, 200],
    [0, 120, 240],
    [0, 30, 330],
  ] as const);
  const palette = scheme.map((offset) => hue + offset);

  const angle = rand(0, Math.PI * 2);
  const gradient = ctx.createLinearGradient(
    W / 2 - Math.cos(angle) * W,
    H / 2 - Math.sin(angle) * H,
    W / 2 + Math.cos(angle) * W,
    H / 2 + Math.sin(angle) * H,
  );
  gradient.addColorStop(0, hsl(pick(palette), rand(45, 80), rand(30, 55)));
  gradient.addColorStop(rand(0.3, 0.7), hsl(pick(palette), rand(40, 80), rand(45, 70)));
  gradient.addColorStop(1, hsl(pick(palette), rand(45, 80), rand(25, 60)));
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, W, H);

  const shapes = cryptoRandomInt(18, 32);
  for (let i = 0; i < shapes; i += 1) {
    ctx.fillStyle = hsl(pick(palette) + rand(-20, 20), rand(30, 90), rand(20, 85), rand(0.15, 0.6));
    ctx.strokeStyle = hsl(pick(palette), rand(30, 90), rand(20, 85), rand(0.2, 0.7));
    ctx.lineWidth = rand(1, 4);
    const kind = cryptoRandomInt(0, 5);
    ctx.beginPath();
    if (kind === 0) {
      ctx.arc(rand(0, W), rand(0, H), rand(6, 40), 0, Math.PI * 2);
      ctx.fill();
    } else if (kind === 1) {
      ctx.save();
      ctx.translate(rand(0, W), rand(0, H));
      ctx.rotate(rand(0, Math.PI));
      ctx.fillRect(-rand(5, 30), -rand(5, 20), rand(10, 60), rand(10, 40));
      ctx.restore();
    } else if (kind === 2) {
      ctx.moveTo(rand(0, W), rand(0, H));
      ctx.lineTo(rand(0, W), rand(0, H));
      ctx.lineTo(rand(0, W), rand(0, H));
      ctx.closePath();
      ctx.fill();
    } else if (kind === 3) {
      ctx.moveTo(rand(0, W), rand(0, H));
      ctx.bezierCurveTo(rand(0, W), rand(0, H), rand(0, W), rand(0, H), rand(0, W), rand(0, H));
      ctx.stroke();
    } else {
      const cx = rand(0, W);
      const cy = rand(0, H);
      const radial = ctx.createRadialGradient(cx, cy, 0, cx, cy, rand(20, 70));
      radial.addColorStop(0, hsl(pick(palette), rand(50, 90), rand(60, 90), rand(0.3, 0.7)));
      radial.addColorStop(1, hsl(pick(palette), 50, 50, 0));
      ctx.fillStyle = radial;
      ctx.fillRect(0, 0, W, H);
    }
  }
}

/** Per-pixel noise of ± amount / 2, so that no two pictures, and no hole and its piece, share pixel values. */
function addNoise(image: ImageData, amount: number) {
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    const n = (Math.random() - 0.5) * amount;
    data[i] = clamp((data[i] ?? 0) + n);
    data[i + 1] = clamp((data[i + 1] ?? 0) + n);
    data[i + 2] = clamp((data[i + 2] ?? 0) + n);
  }
}

/** Holes never touch: left edges at least a piece and two knobs apart. */
const HOLE_GAP = PIECE + 2 * KNOB_MAX;
/** The leftmost and rightmost left edge of any hole. */
const FIRST_HOLE_X = MARGIN;
const LAST_HOLE_X = W - PIECE - MARGIN;

const clearOf = (holes: number[], x: number) => holes.every((hole) => Math.abs(hole - x) >= HOLE_GAP);

/** How many more holes fit beside `holes`: placed left to right, each at the first place clear of the others. */
function room(holes: number[]): number {
  let count = 0;
  let x = FIRST_HOLE_X;
  while (x <= LAST_HOLE_X) {
    const blocking = holes.filter((hole) => Math.abs(hole - x) < HOLE_GAP);
    if (blocking.length > 0) {
      x = Math.max(...blocking) + HOLE_GAP;
    } else {
      count += 1;
      x += HOLE_GAP;
    }
  }
  return count;
}

/**
 * Left edges of the answer and the decoys along one row, far enough apart that no two holes touch. The answer is
 * drawn first and never drawn again, so every x of ANSWER_X is equally likely, which is what the blind-guess bound
 * rests on (redrawing it whenever the decoys did not fit made the answers that leave room for them several times
 * as likely as others, and a blind guesser with three tries passed 79 of 200 puzzles). Each decoy is drawn among the
 * places that still leave room for the decoys after it; three always fit beside any answer.
 */
export function holePositions(randomInt: RandomInt = cryptoRandomInt): { answer: number; decoys: number[] } {
  const answer = randomInt(ANSWER_X.min, ANSWER_X.max + 1);
  const holes = [answer];
  for (let left = DECOYS - 1; left >= 0; left -= 1) {
    const places: number[] = [];
    for (let x = FIRST_HOLE_X; x <= LAST_HOLE_X; x += 1) {
      if (clearOf(holes, x) && room([...holes, x]) >= left) places.push(x);
    }
    const place = places[randomInt(0, places.length)];
    if (place === undefined) throw new Error(`no room for the decoys beside ${answer}`);
    holes.push(place);
  }
  return { answer, decoys: holes.slice(1) };
}

/** How a hole is turned and scaled against the piece: the answer's never fits it pixel for pixel. */
interface Pose {
  angle: number;
  scale: number;
}

const sign = () => (Math.random() < 0.5 ? -1 : 1);
/** The answer's hole: turned 4 to 8 degrees and 6 to 12 % larger or smaller; a person still sees the same piece. */
const answerPose = (): Pose => ({ angle: sign() * rand(0.07, 0.14), scale: 1 + sign() * rand(0.06, 0.12) });
/** A decoy's: nearly square on, so a script matching the piece's outline finds a decoy's edges closer. */
const decoyPose = (): Pose => ({ angle: rand(-0.03, 0.03), scale: rand(0.97, 1.03) });

/** A hole: shaded dark or light at its own strength, with a rim of its own. */
function paintHole(ctx: CanvasRenderingContext2D, outline: Outline, x: number, y: number, pose: Pose) {
  const dark = Math.random() < 0.7;
  outlinePath(ctx, outline, x + rand(-0.8, 0.8), y + rand(-0.8, 0.8), pose.angle, pose.scale);
  ctx.fillStyle = dark ? `rgba(0, 0, 0, ${rand(0.62, 0.88)})` : `rgba(255, 255, 255, ${rand(0.6, 0.85)})`;
  ctx.fill();
  ctx.lineWidth = rand(0.8, 2);
  ctx.strokeStyle = `rgba(255, 255, 255, ${rand(0.3, 0.9)})`;
  ctx.stroke();
}

/** Light falling across the picture: a soft gradient of brightness that differs between the holes. */
function paintLighting(ctx: CanvasRenderingContext2D) {
  for (let i = 0; i < 3; i += 1) {
    const cx = rand(0, W);
    const cy = rand(0, H);
    const light = ctx.createRadialGradient(cx, cy, 0, cx, cy, rand(40, 140));
    const white = Math.random() < 0.5;
    light.addColorStop(
      0,
      white ? `rgba(255, 255, 255, ${rand(0.1, 0.3)})` : `rgba(0, 0, 0, ${rand(0.1, 0.3)})`,
    );
    light.addColorStop(1, 'rgba(0, 0, 0, 0)');
    ctx.fillStyle = light;
    ctx.fillRect(0, 0, W, H);
  }
}

/** The piece's own lighting: contrast, brightness and colour shifted, and its own noise. */
function relight(image: ImageData) {
  const contrast = rand(0.8, 1.2);
  const shift = [rand(-22, 22), rand(-22, 22), rand(-22, 22)];
  const { data } = image;
  for (let i = 0; i < data.length; i += 4) {
    for (let c = 0; c < 3; c += 1) {
      data[i + c] = clamp(((data[i + c] ?? 0) - 128) * contrast + 128 + (shift[c] ?? 0));
    }
  }
  addNoise(image, rand(14, 26));
}

/**
 * A new puzzle. The positions come from `positions`, node:crypto's generator unless a test passes a seeded one to
 * draw the same answers on every run; the picture's looks always come from Math.random.
 */
export async function drawChallenge(positions: RandomInt = cryptoRandomInt): Promise<DrawnChallenge> {
  const { answer: x, decoys } = holePositions(positions);
  const y = positions(MARGIN, H - PIECE - MARGIN + 1);
  const outline = randomOutline();

  const source = createCanvas(W, H);
  const sctx = source.getContext('2d');
  paintBackground(sctx);

  const piece = createCanvas(PIECE, PIECE);
  const pctx = piece.getContext('2d');
  outlinePath(pctx, outline, 0, 0);
  pctx.save();
  pctx.clip();
  pctx.drawImage(source, -x, -y);
  pctx.restore();
  const pieceImage = pctx.getImageData(0, 0, PIECE, PIECE);
  relight(pieceImage);
  pctx.putImageData(pieceImage, 0, 0);
  // The rim a person reads the piece's shape by, inside the outline so the piece's own edge stays where it was cut.
  outlinePath(pctx, outline, 0, 0);
  pctx.save();
  pctx.clip();
  pctx.lineWidth = 2.4;
  pctx.strokeStyle = 'rgba(255, 255, 255, 0.75)';
  pctx.stroke();
  pctx.restore();

  const background = createCanvas(W, H);
  const bctx = background.getContext('2d');
  bctx.drawImage(source, 0, 0);
  paintHole(bctx, outline, x, y, answerPose());
  const sides = [0, 1, 2, 3].sort(() => Math.random() - 0.5);
  decoys.forEach((decoy, i) => {
    paintHole(bctx, nearOutline(outline, sides[i] ?? 0), decoy, y, decoyPose());
  });
  paintLighting(bctx);
  const backgroundImage = bctx.getImageData(0, 0, W, H);
  addNoise(backgroundImage, rand(10, 24));
  bctx.putImageData(backgroundImage, 0, 0);

  const [backgroundPng, piecePng] = await Promise.all([background.encode('png'), piece.encode('png')]);
  return { x, y, background: backgroundPng, piece: piecePng };
}
