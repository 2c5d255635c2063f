// Numbers as the pages print them (zh-CN digit grouping: 12,345), without Intl: the first zh-CN number formatter a
// page makes loads the locale's data, which on a phone cost the dashboard's first render about 100 ms (measured at
// the 4x CPU slowdown of Lighthouse's mobile profile), more than the rest of that render's components together.

/** 12345.6789 -> '12,345.679': at most `maxDecimals` decimals (3, as toLocaleString), digits grouped by three. */
export function numberText(value: number, maxDecimals = 3): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return String(value);
  // toFixed rounds the number's exact decimal value half away from zero, as Intl.NumberFormat does.
  const [whole = '0', decimals = ''] = Math.abs(value).toFixed(maxDecimals).split('.');
  const fraction = decimals.replace(/0+$/, '');
  const sign = value < 0 && (whole !== '0' || fraction !== '') ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}
