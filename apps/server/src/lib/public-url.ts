// This server's public addresses, from the configuration only: a request's Host or X-Forwarded-Host is the client's.
import type { Config } from '../config.js';

/** Where payers, payment providers and mail readers reach this server: PUBLIC_BASE_URL, or http://localhost:PORT. */
export function publicBaseUrl(config: Pick<Config, 'port' | 'payment'>): string {
  return config.payment.publicBaseUrl || `http://localhost:${config.port}`;
}

/**
 * The base of the absolute URLs the web app is given (uploaded avatars, the email confirmation link): API_BASE_URL,
 * where the app reaches this server, when set; else PUBLIC_BASE_URL's answer.
 */
export function clientBaseUrl(config: Pick<Config, 'port' | 'payment' | 'site'>): string {
  return config.site.apiBaseUrl || publicBaseUrl(config);
}
