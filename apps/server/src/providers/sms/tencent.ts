// Tencent Cloud SMS (SendSms, API 2021-01-11) signed with TC3-HMAC-SHA256 by hand, following Tencent Cloud's signature v3 document.
import { createHmac } from 'node:crypto';
import type { SmsPurpose } from '@uc/shared';
import { sha256Hex } from '../../lib/password.js';
import { digestTitle, noticeParams } from './digest.js';
import type { SmsDigest, SmsNotice, SmsProvider } from './types.js';

interface TencentSmsOptions {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  /** A template with two parameters: {1} the code, {2} its life in minutes. */
  templateId: string;
  /**
   * The digest notification template, two parameters: {1} an item's title (cut to 20 characters), {2} the count, e.g.
   * 您订阅的政策有更新：{1}等{2}条，请登录会员中心「我的订阅」查看. Empty: digests are refused (codes still go out).
   */
  digestTemplateId: string;
  /**
   * The account notice template, two parameters: {1} the title, {2} the detail (each cut to 20 characters), e.g.
   * {1}：{2}，详情请登录会员中心「消息中心」查看. Empty: notices are refused.
   */
  noticeTemplateId: string;
  region: string;
  /** https://sms.tencentcloudapi.com unless a test or a proxy says otherwise. */
  endpoint: string;
  codeTtlMinutes: number;
  fetch?: typeof fetch;
  /** Seconds since the epoch; injectable for tests. */
  nowSeconds?: () => number;
  timeoutMs?: number;
}

const SERVICE = 'sms';
const ACTION = 'SendSms';
const VERSION = '2021-01-11';
const ALGORITHM = 'TC3-HMAC-SHA256';
const CONTENT_TYPE = 'application/json; charset=utf-8';

const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

interface SignInput {
  secretId: string;
  secretKey: string;
  host: string;
  action: string;
  /** The exact JSON body that will be sent. */
  payload: string;
  timestamp: number;
  service?: string;
}

interface SignedRequest {
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
  authorization: string;
}

/** Signature v3 (TC3-HMAC-SHA256) of a POST with a JSON body, the four steps of the document. */
export function signTc3({
  secretId,
  secretKey,
  host,
  action,
  payload,
  timestamp,
  service = SERVICE,
}: SignInput): SignedRequest {
  // 1. Canonical request: method, URI, query, headers (lower-case names, the action's value lower-cased), signed headers, payload hash.
  const signedHeaders = 'content-type;host;x-tc-action';
  const canonicalHeaders = `content-type:${CONTENT_TYPE}\nhost:${host}\nx-tc-action:${action.toLowerCase()}\n`;
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256Hex(payload)].join('\n');
  // 2. String to sign, with the UTC date of the timestamp in the credential scope.
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const credentialScope = `${date}/${service}/tc3_request`;
  const stringToSign = [ALGORITHM, String(timestamp), credentialScope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  // 3. Derived key: "TC3" + SecretKey -> date -> service -> "tc3_request", then the signature in lower-case hex.
  const secretDate = hmac(`TC3${secretKey}`, date);
  const secretService = hmac(secretDate, service);
  const secretSigning = hmac(secretService, 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign, 'utf8').digest('hex');
  // 4. The Authorization header.
  const authorization = `${ALGORITHM} Credential=${secretId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { canonicalRequest, stringToSign, signature, authorization };
}

interface SendSmsResponse {
  Response?: {
    Error?: { Code?: string; Message?: string };
    SendStatusSet?: { Code?: string; Message?: string }[];
    RequestId?: string;
  };
}

class SmsGatewayError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsGatewayError';
  }
}

export function createTencentProvider(options: TencentSmsOptions): SmsProvider {
  const doFetch = options.fetch ?? fetch;
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const host = new URL(options.endpoint).host;
  async function sendTemplate(phone: string, templateId: string, params: string[]) {
    const payload = JSON.stringify({
      PhoneNumberSet: [`+86${phone}`],
      SmsSdkAppId: options.sdkAppId,
      SignName: options.signName,
      TemplateId: templateId,
      TemplateParamSet: params,
    });
    const timestamp = nowSeconds();
    const { authorization } = signTc3({
      secretId: options.secretId,
      secretKey: options.secretKey,
      host,
      action: ACTION,
      payload,
      timestamp,
    });
    const response = await doFetch(`${options.endpoint}/`, {
      method: 'POST',
      headers: {
        Authorization: authorization,
        'Content-Type': CONTENT_TYPE,
        Host: host,
        'X-TC-Action': ACTION,
        'X-TC-Timestamp': String(timestamp),
        'X-TC-Version': VERSION,
        'X-TC-Region': options.region,
      },
      body: payload,
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
    if (!response.ok) throw new SmsGatewayError(`Tencent SMS answered HTTP ${response.status}`);
    const body = (await response.json()) as SendSmsResponse;
    const error = body.Response?.Error;
    if (error) throw new SmsGatewayError(`Tencent SMS error ${error.Code}: ${error.Message}`);
    const status = body.Response?.SendStatusSet?.[0];
    if (status?.Code !== 'Ok') {
      throw new SmsGatewayError(
        `Tencent SMS refused: ${status?.Code ?? 'no status'} ${status?.Message ?? ''}`,
      );
    }
  }

  return {
    name: 'tencent',
    async send(phone: string, code: string, _purpose: SmsPurpose) {
      await sendTemplate(phone, options.templateId, [code, String(options.codeTtlMinutes)]);
    },
    async notify(phone: string, digest: SmsDigest) {
      if (!options.digestTemplateId)
        throw new SmsGatewayError('TENCENT_SMS_DIGEST_TEMPLATE_ID is not set: SMS digests are not sent');
      await sendTemplate(phone, options.digestTemplateId, [digestTitle(digest.title), String(digest.count)]);
    },
    async notice(phone: string, notice: SmsNotice) {
      if (!options.noticeTemplateId)
        throw new SmsGatewayError('TENCENT_SMS_NOTICE_TEMPLATE_ID is not set: SMS notices are not sent');
      await sendTemplate(phone, options.noticeTemplateId, noticeParams(notice));
    },
  };
}
