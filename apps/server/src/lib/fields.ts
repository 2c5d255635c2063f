// Query-field building blocks every module's schemas share: bounded integers and region codes, with SPEC.md's messages.
import { cityByCode, MSG } from '@uc/shared';
import { z } from 'zod';

/** An integer in [min, max] from a query string; every failure answers `message`. */
export const integerIn = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(min, message).max(max, message);

/** A city code of regions.ts. */
export const cityCodeField = z
  .string()
  .trim()
  .refine((code) => cityByCode(code) !== undefined, MSG.cityInvalid);
