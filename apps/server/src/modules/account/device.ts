// A short, human name for the device behind a user agent ("Chrome 120 / Windows 10"), for the security page.
import Bowser from 'bowser';

const UNKNOWN = '未知设备';

export function deviceOf(userAgent: string): string {
  if (!userAgent) return UNKNOWN;
  try {
    const { browser, os } = Bowser.parse(userAgent);
    const major = browser.version?.split('.')[0];
    const browserName = browser.name ? `${browser.name}${major ? ` ${major}` : ''}` : '';
    const osName = os.name ? `${os.name}${os.versionName ? ` ${os.versionName}` : ''}` : '';
    return [browserName, osName].filter(Boolean).join(' / ') || UNKNOWN;
  } catch {
    return UNKNOWN;
  }
}
