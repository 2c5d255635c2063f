import { describe, expect, it } from 'vitest';
import { createTencentProvider, signTc3 } from './tencent.js';

// A vector computed independently with openssl, step by step as Tencent Cloud's signature v3 document describes:
//   HashedRequestPayload = sha256hex(payload)
//   CanonicalRequest = POST\n/\n\n<canonical headers>\n<signed headers>\n<HashedRequestPayload>
//   StringToSign = TC3-HMAC-SHA256\n<timestamp>\n<date>/sms/tc3_request\nsha256hex(CanonicalRequest)
//   Signature = hex(HMAC(HMAC(HMAC(HMAC("TC3"+SecretKey, date), "sms"), "tc3_request"), StringToSign))
const PAYLOAD =
  '{"PhoneNumberSet":["+8613800138000"],"SmsSdkAppId":"1400006666","SignName":"查策网","TemplateId":"1234567","TemplateParamSet":["1234","5"]}';
const SECRET_ID = 'AKIDEXAMPLE';
const SECRET_KEY = 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE';
const TIMESTAMP = 1551113065; // 2019-02-25T16:44:25Z
const PAYLOAD_HASH = '9778c5c63b81f524c88e04645bf3702d292d4703d87480dd9acbe757f747a9c1';
const CANONICAL_REQUEST_HASH = '9cd34c916bf1caab0b688c66d44cfba6cccd3735dec0407d1fa13c3c3cf110ce';
const SIGNATURE = '996073f9c81772d98cc4c384b8d92b7fb99619ab322835dea4a8f6682dfa89fb';

describe('TC3-HMAC-SHA256', () => {
  const signed = signTc3({
    secretId: SECRET_ID,
    secretKey: SECRET_KEY,
    host: 'sms.tencentcloudapi.com',
    action: 'SendSms',
    payload: PAYLOAD,
    timestamp: TIMESTAMP,
  });

  it('builds the canonical request of the document', () => {
    expect(signed.canonicalRequest).toBe(
      [
        'POST',
        '/',
        '',
        'content-type:application/json; charset=utf-8',
        'host:sms.tencentcloudapi.com',
        'x-tc-action:sendsms',
        '',
        'content-type;host;x-tc-action',
        PAYLOAD_HASH,
      ].join('\n'),
    );
  });

  it('builds the string to sign with the UTC date scope', () => {
    expect(signed.stringToSign).toBe(
      ['TC3-HMAC-SHA256', String(TIMESTAMP), '2019-02-25/sms/tc3_request', CANONICAL_REQUEST_HASH].join('\n'),
    );
  });

  it('matches the known signature and Authorization header', () => {
    expect(signed.signature).toBe(SIGNATURE);
    expect(signed.authorization).toBe(
      `TC3-HMAC-SHA256 Credential=${SECRET_ID}/2019-02-25/sms/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=${SIGNATURE}`,
    );
  });
});

describe('Tencent SMS provider', () => {
  const options = {
    secretId: SECRET_ID,
    secretKey: SECRET_KEY,
    sdkAppId: '1400006666',
    signName: '查策网',
    templateId: '1234567',
    digestTemplateId: '7654321',
    noticeTemplateId: '5555555',
    region: 'ap-guangzhou',
    endpoint: 'https://sms.tencentcloudapi.com',
    codeTtlMinutes: 5,
    nowSeconds: () => TIMESTAMP,
  };

  it('sends SendSms with the signed headers and exactly the signed body (no network)', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch: typeof fetch = async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return Response.json({ Response: { SendStatusSet: [{ Code: 'Ok' }], RequestId: 'r1' } });
    };
    await createTencentProvider({ ...options, fetch: fakeFetch }).send('13800138000', '1234', 'login');
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('https://sms.tencentcloudapi.com/');
    expect(call?.init.body).toBe(PAYLOAD);
    expect(call?.init.headers).toMatchObject({
      Authorization: expect.stringContaining(`Signature=${SIGNATURE}`),
      'X-TC-Action': 'SendSms',
      'X-TC-Version': '2021-01-11',
      'X-TC-Region': 'ap-guangzhou',
      'X-TC-Timestamp': String(TIMESTAMP),
    });
  });

  it('sends a digest through its own template, the title cut to 20 characters, and refuses without one', async () => {
    const bodies: string[] = [];
    const fakeFetch: typeof fetch = async (_url, init) => {
      bodies.push(String(init?.body));
      return Response.json({ Response: { SendStatusSet: [{ Code: 'Ok' }], RequestId: 'r2' } });
    };
    const title = '深圳市数字经济发展专项资金二〇二六年第一批项目申报指南';
    await createTencentProvider({ ...options, fetch: fakeFetch }).notify('13800138000', { title, count: 3 });
    expect(JSON.parse(bodies[0] ?? '{}')).toMatchObject({
      TemplateId: '7654321',
      TemplateParamSet: [`${[...title].slice(0, 19).join('')}…`, '3'],
    });
    await expect(
      createTencentProvider({ ...options, digestTemplateId: '', fetch: fakeFetch }).notify('13800138000', {
        title,
        count: 1,
      }),
    ).rejects.toThrow(/TENCENT_SMS_DIGEST_TEMPLATE_ID/);
    expect(bodies).toHaveLength(1);
  });

  it('sends an account notice through its own template, each parameter cut, and refuses without one', async () => {
    const bodies: string[] = [];
    const fakeFetch: typeof fetch = async (_url, init) => {
      bodies.push(String(init?.body));
      return Response.json({ Response: { SendStatusSet: [{ Code: 'Ok' }], RequestId: 'r3' } });
    };
    const detail = '集团版会员于2026-12-06到期，请尽快续费以免影响使用';
    await createTencentProvider({ ...options, fetch: fakeFetch }).notice('13800138000', {
      title: '会员即将到期',
      detail,
    });
    expect(JSON.parse(bodies[0] ?? '{}')).toMatchObject({
      TemplateId: '5555555',
      TemplateParamSet: ['会员即将到期', `${[...detail].slice(0, 19).join('')}…`],
    });
    await expect(
      createTencentProvider({ ...options, noticeTemplateId: '', fetch: fakeFetch }).notice('13800138000', {
        title: '订单已退款',
        detail: '退款金额1.00元',
      }),
    ).rejects.toThrow(/TENCENT_SMS_NOTICE_TEMPLATE_ID/);
    expect(bodies).toHaveLength(1);
  });

  it('rejects on a gateway error or a refused number', async () => {
    const answer =
      (body: unknown, status = 200): typeof fetch =>
      async () =>
        Response.json(body, { status });
    const send = (f: typeof fetch) =>
      createTencentProvider({ ...options, fetch: f }).send('13800138000', '1234', 'login');
    await expect(
      send(answer({ Response: { Error: { Code: 'AuthFailure', Message: 'x' } } })),
    ).rejects.toThrow(/AuthFailure/);
    await expect(
      send(answer({ Response: { SendStatusSet: [{ Code: 'LimitExceeded.PhoneNumberDailyLimit' }] } })),
    ).rejects.toThrow(/LimitExceeded/);
    await expect(send(answer({}, 502))).rejects.toThrow(/502/);
  });
});
