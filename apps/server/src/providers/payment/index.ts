// Chooses the payment providers from the configuration: a channel with all its credentials uses the real gateway,
// a channel with none uses the sandbox, which refuses to run in production unless allowed.
import type { Config } from '../../config.js';
import type { KeyValue } from '../../lib/kv.js';
import { publicBaseUrl } from '../../lib/public-url.js';
import { createAlipayProvider } from './alipay.js';
import { createSandboxProvider, type SandboxProvider } from './sandbox.js';
import type { PaymentChannels } from './types.js';
import { createWechatProvider } from './wechat.js';

export type { SandboxNotification, SandboxProvider, SandboxTrade } from './sandbox.js';
export type * from './types.js';

interface InfoLogger {
  info(obj: object, msg: string): void;
}

export interface PaymentChannelDeps {
  config: Pick<Config, 'nodeEnv' | 'port' | 'payment'>;
  kv: KeyValue;
  /** The server secret (the sandbox derives its signing keys from it). */
  secret: string;
  now: () => Date;
  log: InfoLogger;
}

export interface PaymentChannelChoice extends PaymentChannels {
  /** The sandbox (for its 模拟支付 page), or null when both channels use real gateways. */
  sandbox: SandboxProvider | null;
}

/** The variables of one channel: all set (true), none set (false), or an error naming the missing ones. */
function configured(channel: string, variables: Record<string, string>): boolean {
  const missing = Object.entries(variables)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length === 0) return true;
  if (missing.length === Object.keys(variables).length) return false;
  throw new Error(
    `${channel} payments need ${missing.join(', ')} (or none of its variables, for the sandbox)`,
  );
}

export function createPaymentChannels({
  config,
  kv,
  secret,
  now,
  log,
}: PaymentChannelDeps): PaymentChannelChoice {
  const { wechat, alipay } = config.payment;
  const wechatReady = configured('WeChat Pay', {
    WECHATPAY_MCHID: wechat.mchid,
    WECHATPAY_APPID: wechat.appid,
    WECHATPAY_MERCHANT_SERIAL: wechat.merchantSerial,
    WECHATPAY_MERCHANT_PRIVATE_KEY: wechat.merchantPrivateKey,
    WECHATPAY_APIV3_KEY: wechat.apiV3Key,
    WECHATPAY_PUBLIC_KEY_ID: wechat.publicKeyId,
    WECHATPAY_PUBLIC_KEY: wechat.publicKey,
  });
  const alipayReady = configured('Alipay', {
    ALIPAY_APP_ID: alipay.appId,
    ALIPAY_PRIVATE_KEY: alipay.privateKey,
    ALIPAY_PUBLIC_KEY: alipay.alipayPublicKey,
  });

  const onSandbox = [!wechatReady && 'wechat', !alipayReady && 'alipay'].filter(
    (name): name is string => !!name,
  );
  if (onSandbox.length > 0 && config.nodeEnv === 'production' && !config.payment.allowSandbox) {
    throw new Error(
      `The payment sandbox confirms payments without money and must not run in production (${onSandbox.join(', ')} ` +
        'without credentials): configure WECHATPAY_* and ALIPAY_*, or set PAYMENT_ALLOW_SANDBOX=true deliberately',
    );
  }
  let sandbox: SandboxProvider | null = null;
  const useSandbox = () => {
    sandbox ??= createSandboxProvider({ kv, secret, publicBaseUrl: publicBaseUrl(config), now });
    return sandbox;
  };
  const wechatProvider = wechatReady ? createWechatProvider({ config: wechat, now }) : useSandbox();
  const alipayProvider = alipayReady ? createAlipayProvider({ config: alipay }) : useSandbox();
  if (onSandbox.length > 0)
    log.info({ channels: onSandbox }, 'payment channels without credentials use the sandbox');

  return {
    wechat: wechatProvider,
    alipay: alipayProvider,
    sandbox,
    byName(name) {
      if (name === 'sandbox') return sandbox;
      if (name === 'wechat') return wechatReady ? wechatProvider : null;
      return alipayReady ? alipayProvider : null;
    },
  };
}
