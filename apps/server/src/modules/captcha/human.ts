// Whether a slider drag looks like a person's: a duration and a trail, long enough, enough samples, not a perfectly straight constant-speed move.
import type { TrailSample } from '@uc/shared';
import { z } from 'zod';

export interface DragLimits {
  minDragMs: number;
  minTrailSamples: number;
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

/** Relative spread of the speeds below which a trail is machine-made. */
const CONSTANT_SPEED_SPREAD = 0.05;

function isMachineLike(samples: TrailSample[]): boolean {
  const ys = samples.map(([, y]) => y);
  if (Math.max(...ys) !== Math.min(...ys)) return false;
  const speeds: number[] = [];
  let previous: TrailSample | null = null;
  for (const sample of samples) {
    if (previous && sample[2] > previous[2])
      speeds.push((sample[0] - previous[0]) / (sample[2] - previous[2]));
    previous = sample;
  }
  if (speeds.length < 2) return true;
  const mean = speeds.reduce((a, b) => a + b, 0) / speeds.length;
  if (mean === 0) return true;
  return (Math.max(...speeds) - Math.min(...speeds)) / Math.abs(mean) <= CONSTANT_SPEED_SPREAD;
}

/** The web client always sends both `duration` and `trail`: a drag without either is a script's. */
export function looksHuman(duration: number | undefined, trail: unknown, limits: DragLimits): boolean {
  if (duration === undefined || duration < limits.minDragMs) return false;
  if (trail === undefined) return false;
  const samples = parseTrail(trail);
  const first = samples?.[0];
  const last = samples?.at(-1);
  if (!samples || !first || !last || samples.length < Math.max(2, limits.minTrailSamples)) return false;
  let previousT = first[2];
  for (const [, , t] of samples) {
    if (t < previousT) return false;
    previousT = t;
  }
  if (last[2] - first[2] < limits.minDragMs) return false;
  return !isMachineLike(samples);
}
