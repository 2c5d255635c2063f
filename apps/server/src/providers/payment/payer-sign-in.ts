// WeChat's web sign-in (snsapi_base) that tells a payer's openid for JSAPI payments, and the signed state that carries
// the member through it: WeChat allows only [A-Za-z0-9] up to 128 bytes there, so the state names the member and its
// expiry and signs them with the page to return to (which rides in the callback's own query).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.js';
import type { PayerSignIn } from './types.js';

export type WechatOauthConfig = Config['payment']['wechat']['oauth'];

/** How long a sign-in may take, from the pay call to the callback. */
export const SIGN_IN_STATE_TTL_MS = 10 * 60 * 1000;

export interface SignInState {
  userId: number;
  /** The page to return to, a path under the web app (e.g. /taocandetail?gid=12). */
  page: string;
}

const mac = (key: Buffer, userId: number, expires: number, page: string) =>
  createHmac('sha256', key).update(`${userId}.${expires}.${page}`).digest('hex').slice(0, 40);

/** `u<user>e<expiry seconds>s<mac>`: alphanumeric, well under 128 bytes. */
export function signSignInState(key: Buffer, { userId, page }: SignInState, now: Date): string {
  const expires = Math.floor((now.getTime() + SIGN_IN_STATE_TTL_MS) / 1000);
  return `u${userId}e${expires}s${mac(key, userId, expires, page)}`;
}

/** The member of a state signed for `page`, or null when forged, for another page, or expired. */
export function readSignInState(key: Buffer, state: string, page: string, now: Date): number | null {
  const match = /^u(\d{1,12})e(\d{1,12})s([0-9a-f]{40})$/.exec(state);
  if (!match) return null;
  const userId = Number(match[1]);
  const expires = Number(match[2]);
  const expected = Buffer.from(mac(key, userId, expires, page));
  const given = Buffer.from(match[3] ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return expires * 1000 >= now.getTime() ? userId : null;
}

/** The sign-in's state key, derived from a secret the deployment already keeps. */
export const signInStateKey = (secret: string) =>
  createHmac('sha256', secret).update('wechat-payer-sign-in-state').digest();

/** WeChat's own sign-in: open.weixin.qq.com's authorize page and api.weixin.qq.com's code exchange. */
export function createWechatSignIn(config: WechatOauthConfig, timeoutMs = 10_000): PayerSignIn {
  return {
    appId: config.appId,
    stateKey: signInStateKey(config.secret),
    authorizeUrl(redirectUri, state) {
      const query = new URLSearchParams({
        appid: config.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_base',
        state,
      });
      // WeChat wants its parameters in this order and the fragment at the end.
      return `${config.authorizeUrl}?${query}#wechat_redirect`;
    },
    async openid(code) {
      const query = new URLSearchParams({
        appid: config.appId,
        secret: config.secret,
        code,
        grant_type: 'authorization_code',
      });
      const response = await fetch(`${config.apiUrl}/sns/oauth2/access_token?${query}`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = (await response.json().catch(() => null)) as {
        openid?: unknown;
        errcode?: unknown;
        errmsg?: unknown;
      } | null;
      if (typeof body?.openid === 'string' && body.openid) return body.openid;
      throw new Error(
        `WeChat sign-in failed: HTTP ${response.status} ${String(body?.errcode ?? '')} ${String(body?.errmsg ?? '')}`.trim(),
      );
    },
  };
}
