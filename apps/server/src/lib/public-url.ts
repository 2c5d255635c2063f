// This server's public addresses, from the configuration only: a request's Host or X-Forwarded-Host is the client's.
import { MEMBER_APP_BASE } from '@uc/shared';

/**
 * The settings the addresses are made from, as config.ts's `Config` holds them (PORT, PUBLIC_BASE_URL, API_BASE_URL;
 * '' when unset): handed in by the caller, since lib/ sits below the configuration and reads none of it itself.
 */
export interface AddressSettings {
  port: number;
  payment: { publicBaseUrl: string };
  site: { apiBaseUrl: string };
}

/** Where payers, payment providers and mail readers reach this server: PUBLIC_BASE_URL, or http://localhost:PORT. */
export function publicBaseUrl(config: Pick<AddressSettings, 'port' | 'payment'>): string {
  return config.payment.publicBaseUrl || `http://localhost:${config.port}`;
}

/**
 * The base of the absolute URLs the web app is given (uploaded avatars, the email confirmation link): API_BASE_URL,
 * where the app reaches this server, when set; else PUBLIC_BASE_URL's answer.
 */
export function clientBaseUrl(config: AddressSettings): string {
  return config.site.apiBaseUrl || publicBaseUrl(config);
}

/** A member page's absolute URL for a mail: `base` (clientBaseUrl) and an in-app path ('/vip/index') under the app's base. */
export function memberPageUrl(base: string, inAppPath: string): string {
  return `${base}${MEMBER_APP_BASE}${inAppPath}`;
}
