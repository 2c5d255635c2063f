// The digest's and the account notices' wording, shared by the console provider (whole text) and the gateway
// template (its parameters).
import { MSG_WITH } from '@uc/shared';
import type { SmsDigest, SmsNotice } from './types.js';

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

/** A notice's parameters as they go into the template: each cut like a digest's title. */
export function noticeParams(notice: SmsNotice): [string, string] {
  return [digestTitle(notice.title), digestTitle(notice.detail)];
}

/** A notice's body after the sign, e.g. 会员即将到期：VIP高级版于2026-12-06到期，详情请登录会员中心「消息中心」查看. */
export function smsNoticeText(notice: SmsNotice): string {
  return MSG_WITH.smsNotice(...noticeParams(notice));
}
