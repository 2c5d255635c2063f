// Whether a slider drag looks like a person's: long enough, enough samples, from the start to where the piece was
// dropped, with the hand's vertical jitter and changing speed; straight, constant-speed and teleporting drags are scripts.
import type { TrailSample } from '@uc/shared';
import { z } from 'zod';

export interface DragLimits {
  minDragMs: number;
  minTrailSamples: number;
  /** How far the trail's ends may be from the start (0) and from the dropped x. */
  tolerancePx: number;
}

/** What the client sends of one drag. */
export interface Drag {
  blockX: number;
  duration?: number | undefined;
  trail?: unknown;
}

const sampleSchema = z
  .tuple([z.coerce.number(), z.coerce.number(), z.coerce.number()])
  .rest(z.unknown())
  .transform(([x, y, t]): TrailSample => [x, y, t]);
const trailSchema = z.array(sampleSchema);

/** A JSON string or an array of [x, y, t]; null when it is neither (which counts as not human). */
export function parseTrail(trail: unknown): TrailSample[] | null {
  let value = trail;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const parsed = trailSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Speeds of a hand vary (it speeds up, then slows into place): below this spread (stdev / mean) it is a script. */
const MIN_SPEED_SPREAD = 0.2;
/** No single sample may carry the piece further than this share of the whole way: a jump is a script's. */
const MAX_STEP_SHARE = 0.4;
/** The client stamps the release after the last move; a trail ending later than that was written by hand. */
const RELEASE_SLACK_MS = 100;

/** Step speeds in px/ms, for the steps that took time. */
function speedsOf(samples: TrailSample[]): number[] {
  const speeds: number[] = [];
  for (let i = 1; i < samples.length; i += 1) {
    const [x0, , t0] = samples[i - 1] as TrailSample;
    const [x1, , t1] = samples[i] as TrailSample;
    if (t1 > t0) speeds.push(Math.abs(x1 - x0) / (t1 - t0));
  }
  return speeds;
}

function spread(values: number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  if (mean === 0) return 0;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance) / mean;
}

/** The web client always sends `duration` and `trail` ([x, y, t] from the press, x 0 at the start). */
export function looksHuman(drag: Drag, limits: DragLimits): boolean {
  const { duration, trail, blockX } = drag;
  if (duration === undefined || duration < limits.minDragMs || trail === undefined) return false;
  const samples = parseTrail(trail);
  const first = samples?.[0];
  const last = samples?.at(-1);
  if (!samples || !first || !last || samples.length < Math.max(2, limits.minTrailSamples)) return false;

  let previousT = first[2];
  for (const [, , t] of samples) {
    if (t < previousT) return false;
    previousT = t;
  }
  const span = last[2] - first[2];
  if (span < limits.minDragMs || last[2] > duration + RELEASE_SLACK_MS) return false;

  // From the start to exactly where the piece was dropped.
  if (Math.abs(first[0]) > limits.tolerancePx || Math.abs(last[0] - blockX) > limits.tolerancePx)
    return false;

  // A hand never holds a line: some vertical jitter.
  const ys = samples.map(([, y]) => y);
  if (Math.max(...ys) === Math.min(...ys)) return false;

  // No teleport: the way is covered in many small moves.
  const distance = Math.abs(last[0] - first[0]);
  for (let i = 1; i < samples.length; i += 1) {
    const step = Math.abs((samples[i] as TrailSample)[0] - (samples[i - 1] as TrailSample)[0]);
    if (step > Math.max(limits.tolerancePx, distance * MAX_STEP_SHARE)) return false;
  }

  // Speeding up and slowing down, not a constant speed.
  const speeds = speedsOf(samples);
  return speeds.length >= 2 && spread(speeds) >= MIN_SPEED_SPREAD;
}
