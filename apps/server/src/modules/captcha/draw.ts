// Draws slider-captcha pictures with @napi-rs/canvas: a random procedural background with a jigsaw hole, and the matching piece.
import { randomInt } from 'node:crypto';
import { type CanvasRenderingContext2D, createCanvas } from '@napi-rs/canvas';
import { LIMITS } from '@uc/shared';

const W = LIMITS.captchaWidth;
const H = LIMITS.captchaHeight;
/** The piece image is PIECE x PIECE; the jigsaw shape fits inside it. */
const PIECE = LIMITS.captchaPiece;
/** Keeps the hole clear of the slider's start and of the edges. */
const MIN_X = 60;
const MARGIN = 6;

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

const rand = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${Math.round(h) % 360}, ${s}%, ${l}%, ${a})`;

/** A classic jigsaw piece: a 28px square body, a knob on top and on the right, and a notch cut into the left side. */
function jigsawPath(ctx: CanvasRenderingContext2D, ox: number, oy: number) {
  const left = ox + 3;
  const top = oy + 9;
  const size = 28;
  const r = 5.5;
  ctx.beginPath();
  ctx.moveTo(left, top);
  ctx.lineTo(left + size / 2 - r, top);
  ctx.arc(left + size / 2, top, r, Math.PI, 0, false);
  ctx.lineTo(left + size, top);
  ctx.lineTo(left + size, top + size / 2 - r);
  ctx.arc(left + size, top + size / 2, r, -Math.PI / 2, Math.PI / 2, false);
  ctx.lineTo(left + size, top + size);
  ctx.lineTo(left, top + size);
  ctx.lineTo(left, top + size / 2 + r);
  ctx.arc(left, top + size / 2, r, Math.PI / 2, -Math.PI / 2, true);
  ctx.closePath();
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

  const shapes = randomInt(18, 32);
  for (let i = 0; i < shapes; i += 1) {
    ctx.fillStyle = hsl(pick(palette) + rand(-20, 20), rand(30, 90), rand(20, 85), rand(0.15, 0.6));
    ctx.strokeStyle = hsl(pick(palette), rand(30, 90), rand(20, 85), rand(0.2, 0.7));
    ctx.lineWidth = rand(1, 4);
    const kind = randomInt(0, 5);
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

  // Per-pixel noise, so that no two pictures share exact pixel values.
  const image = ctx.getImageData(0, 0, W, H);
  const { data } = image;
  const amount = rand(8, 22);
  for (let i = 0; i < data.length; i += 4) {
    const n = (Math.random() - 0.5) * amount;
    data[i] = Math.max(0, Math.min(255, (data[i] ?? 0) + n));
    data[i + 1] = Math.max(0, Math.min(255, (data[i + 1] ?? 0) + n));
    data[i + 2] = Math.max(0, Math.min(255, (data[i + 2] ?? 0) + n));
  }
  ctx.putImageData(image, 0, 0);
}

export async function drawChallenge(): Promise<DrawnChallenge> {
  const x = randomInt(MIN_X, W - PIECE - MARGIN + 1);
  const y = randomInt(MARGIN, H - PIECE - MARGIN + 1);

  const source = createCanvas(W, H);
  paintBackground(source.getContext('2d'));

  const piece = createCanvas(PIECE, PIECE);
  const pctx = piece.getContext('2d');
  jigsawPath(pctx, 0, 0);
  pctx.save();
  pctx.clip();
  pctx.drawImage(source, -x, -y);
  pctx.restore();
  jigsawPath(pctx, 0, 0);
  pctx.lineWidth = 1.5;
  pctx.strokeStyle = 'rgba(255, 255, 255, 0.9)';
  pctx.stroke();

  const background = createCanvas(W, H);
  const bctx = background.getContext('2d');
  bctx.drawImage(source, 0, 0);
  jigsawPath(bctx, x, y);
  bctx.fillStyle = 'rgba(0, 0, 0, 0.45)';
  bctx.fill();
  bctx.lineWidth = 1.2;
  bctx.strokeStyle = 'rgba(255, 255, 255, 0.75)';
  bctx.stroke();

  const [backgroundPng, piecePng] = await Promise.all([background.encode('png'), piece.encode('png')]);
  return { x, y, background: backgroundPng, piece: piecePng };
}
