// The slider captcha (docs/requirements.md §4, docs/architecture.md §5): its query, the answer's body and the challenge it draws.
import { z } from 'zod';
import { textField } from './fields.js';
import { MSG } from './messages.js';

/** The captcha key the client chooses: the mobile number, the username or a random id. */
const captchaKey = textField(64).trim().min(1, MSG.badRequest);

/** GET api/slider_code/ query. */
export const sliderQuery = z.object({ username: captchaKey });
export type SliderQuery = z.infer<typeof sliderQuery>;

/** One sample of the drag: [x, y, t] with t in ms. */
export type TrailSample = [number, number, number];

const finite = z.coerce.number({ error: MSG.badRequest }).refine(Number.isFinite, MSG.badRequest);

/** POST api/slider_code/ body (form or JSON). `trail` is a JSON string or an array of [x, y, t]. */
export const sliderVerifyBody = z.object({
  username: captchaKey,
  blockX: finite,
  duration: finite.optional(),
  trail: z.union([textField(20_000), z.array(z.unknown()).max(2_000)]).optional(),
});
export type SliderVerifyBody = z.input<typeof sliderVerifyBody>;

/** GET api/slider_code/ data: one challenge. The piece image is 40x40; the client draws it at top = blockY. */
export const sliderChallengeSchema = z.object({
  blockY: z.number(),
  /** data:image/png;base64 of the 260x120 background with the hole. */
  canvas_str: z.string(),
  /** data:image/png;base64 of the 40x40 piece (transparent outside the jigsaw shape). */
  blockc_str: z.string(),
});
export type SliderChallenge = z.infer<typeof sliderChallengeSchema>;

/** POST api/slider_code/ data: {} when the drag passed; `code` 400 (wrong place or not human, try again) or 401
 *  (attempts used up, expired or unknown: a new picture) when it did not. */
export const sliderVerifyDataSchema = z.object({ code: z.number().optional() });
export type SliderVerifyData = z.infer<typeof sliderVerifyDataSchema>;
