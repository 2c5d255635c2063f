// Numbers as the pages print them (zh-CN digit grouping: 12,345), without Intl: the first zh-CN number formatter a
// page makes loads the locale's data, which on a phone cost the dashboard's first render about 100 ms (measured at
// the 4x CPU slowdown of Lighthouse's mobile profile), more than the rest of that render's components together.

/** The shortest decimal that reads back as the number (what Intl rounds), without an exponent. */
function plainDecimal(abs: number): string {
  const text = String(abs);
  const small = /^(\d)(?:\.(\d+))?e-(\d+)$/.exec(text);
  if (!small) return text;
  return `0.${'0'.repeat(Number(small[3]) - 1)}${small[1]}${small[2] ?? ''}`;
}

/** The decimal rounded half away from zero to `decimals` places: [whole digits, fraction digits]. */
function roundDecimal(plain: string, decimals: number): [string, string] {
  const [whole = '0', fraction = ''] = plain.split('.');
  if (fraction.length <= decimals) return [whole, fraction];
  const kept = `${whole}${fraction.slice(0, decimals)}`;
  const up = fraction.charCodeAt(decimals) >= 53; // '5'
  const digits = up ? (BigInt(kept) + 1n).toString().padStart(kept.length, '0') : kept;
  const cut = digits.length - decimals;
  return [digits.slice(0, cut) || '0', digits.slice(cut)];
}

/** 12345.6789 -> '12,345.679': at most `maxDecimals` decimals (3, as toLocaleString), digits grouped by three. */
export function numberText(value: number, maxDecimals = 3): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return String(value);
  // Intl rounds the shortest decimal that reads back as the number (999865233.5799135 to 6 places is …579914),
  // not its exact binary value (which toFixed rounds: …579913).
  const [whole, decimals] = roundDecimal(plainDecimal(Math.abs(value)), maxDecimals);
  const fraction = decimals.replace(/0+$/, '');
  const sign = value < 0 && (/[1-9]/.test(whole) || fraction !== '') ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}
