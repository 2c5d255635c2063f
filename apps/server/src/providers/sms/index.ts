// Chooses the SMS provider from the configuration; the console one refuses to run in production unless allowed.
import type { Config } from '../../config.js';
import { createConsoleProvider } from './console.js';
import { createTencentProvider } from './tencent.js';
import type { Outbox, SmsProvider } from './types.js';

export type { Outbox, OutboxEntry, SmsDigest, SmsProvider } from './types.js';

/** The sign the console provider puts before a digest when no gateway sign is configured. */
const DEFAULT_SIGN_NAME = '查策网';

interface InfoLogger {
  info(obj: object, msg: string): void;
}

interface SmsProviderChoice {
  provider: SmsProvider;
  /** The console provider's outbox (for GET /__dev/sms), null for a real gateway. */
  outbox: Outbox | null;
}

export function createSmsProvider(
  config: Pick<Config, 'nodeEnv' | 'sms'>,
  log: InfoLogger,
  now: () => Date,
): SmsProviderChoice {
  const { sms } = config;
  if (sms.provider === 'tencent') {
    const t = sms.tencent;
    const missing = Object.entries({
      TENCENT_SMS_SECRET_ID: t.secretId,
      TENCENT_SMS_SECRET_KEY: t.secretKey,
      TENCENT_SMS_SDK_APP_ID: t.sdkAppId,
      TENCENT_SMS_SIGN_NAME: t.signName,
      TENCENT_SMS_TEMPLATE_ID: t.templateId,
    })
      .filter(([, value]) => !value)
      .map(([name]) => name);
    if (missing.length > 0) throw new Error(`SMS_PROVIDER=tencent needs ${missing.join(', ')}`);
    return {
      provider: createTencentProvider({ ...t, codeTtlMinutes: Math.ceil(sms.codeTtlSeconds / 60) }),
      outbox: null,
    };
  }
  if (config.nodeEnv === 'production' && !sms.allowConsole) {
    throw new Error(
      'SMS_PROVIDER=console only logs codes and must not run in production: configure SMS_PROVIDER=tencent, or set SMS_ALLOW_CONSOLE=true deliberately',
    );
  }
  const consoleProvider = createConsoleProvider(log, now, sms.tencent.signName || DEFAULT_SIGN_NAME);
  return { provider: consoleProvider, outbox: consoleProvider };
}
