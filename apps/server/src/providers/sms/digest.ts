// The digest's wording, shared by the console provider (whole text) and the gateway template (its parameters).
import { MSG_WITH } from '@uc/shared';
import type { SmsDigest } from './types.js';

/** A template variable is short on SMS gateways (Tencent Cloud: 20 characters for a notification's variable). */
export const DIGEST_TITLE_MAX = 20;

/** The title as it goes into the message: cut to the variable's limit with an ellipsis. */
export function digestTitle(title: string): string {
  const chars = [...title];
  return chars.length <= DIGEST_TITLE_MAX ? title : `${chars.slice(0, DIGEST_TITLE_MAX - 1).join('')}…`;
}

/** The message body after the sign, e.g. 您订阅的政策有更新：…等2条，请登录会员中心「我的订阅」查看. */
export function smsDigestText(digest: SmsDigest): string {
  return MSG_WITH.pushDigest(digestTitle(digest.title), digest.count);
}
