// Query-field building blocks the modules' schemas share beyond @uc/shared's ids and text: codes of a known set.
import { cityByCode, MSG, textField } from '@uc/shared';

/** Longer than any region or industry code: a longer value is refused before it is looked up. */
const CODE_MAX = 12;

/** A code that `known` accepts (a region, an industry section); every failure answers `message`. */
export const codeField = (known: (code: string) => boolean, message: string) =>
  textField(CODE_MAX, { error: message, tooLong: message }).trim().refine(known, message);

/** A city code of regions.ts. */
export const cityCodeField = codeField((code) => cityByCode(code) !== undefined, MSG.cityInvalid);
