// SMS verification codes: sending under cool-down and daily caps, and checking with a per-code try limit, all in the shared store.
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { DAY_MS, LIMITS, MSG, type SmsPurpose, shanghaiDate } from '@uc/shared';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { errors } from '../../errors.js';
import { type KeyValue, readJson } from '../../lib/kv.js';
import type { SmsProvider } from '../../providers/sms/index.js';

/** Serialises two sends to the same mobile that arrive together (the cool-down check is not atomic). */
const SEND_LOCK_MS = 10_000;

interface StoredCode {
  /** Distinguishes one code from the next, so a new code starts with fresh tries. */
  id: string;
  /** HMAC-SHA256(secret, purpose:phone:code), hex. */
  hash: string;
  expiresAt: number;
}

interface CodeCheckOptions {
  /** Delete the code when it matches (default). Registration and recovery consume only once their work succeeded. */
  consume?: boolean;
}

export interface SmsCodes {
  /** Generates, stores and delivers a code; throws smsRefused inside the cool-down or past a cap. */
  send(phone: string, purpose: SmsPurpose, ip: string): Promise<void>;
  /**
   * Throws unless `code` is the live code: smsCodeWrong (20008) while tries are left, smsCodeVoid (20012) when
   * there is no live code (expired, used, never sent) or the last try was used up by this one.
   */
  verify(phone: string, purpose: SmsPurpose, code: string, options?: CodeCheckOptions): Promise<void>;
  /** Ends a code after the work it authorised has succeeded. */
  consume(phone: string, purpose: SmsPurpose): Promise<void>;
}

interface SmsCodesDeps {
  kv: KeyValue;
  provider: Pick<SmsProvider, 'name' | 'send'>;
  /** The server secret; codes are stored as HMACs under it. */
  secret: string;
  limits: Config['sms'];
  now: () => Date;
  log: { error(obj: object, msg: string): void };
}

const codeKey = (purpose: SmsPurpose, phone: string) => `sms:code:${purpose}:${phone}`;
const triesKey = (id: string) => `sms:tries:${id}`;
const cooldownKey = (phone: string) => `sms:cool:${phone}`;
const lockKey = (phone: string) => `sms:lock:${phone}`;

const storedSchema = z.object({ id: z.string(), hash: z.string(), expiresAt: z.number() });

export function createSmsCodes({ kv, provider, secret, limits, now, log }: SmsCodesDeps): SmsCodes {
  const ttlMs = limits.codeTtlSeconds * 1000;
  const cooldownMs = limits.cooldownSeconds * 1000;
  const digest = (purpose: SmsPurpose, phone: string, code: string) =>
    createHmac('sha256', secret).update(`${purpose}:${phone}:${code}`).digest('hex');

  async function assertCooledDown(phone: string, at: number) {
    const last = Number(await kv.get(cooldownKey(phone)));
    if (last && at - last < cooldownMs) {
      throw errors.smsCooldown(Math.max(1, Math.ceil((last + cooldownMs - at) / 1000)));
    }
  }

  return {
    async send(phone, purpose, ip) {
      const at = now();
      const atMs = at.getTime();
      await assertCooledDown(phone, atMs);
      if ((await kv.incr(lockKey(phone), SEND_LOCK_MS)) > 1) throw errors.smsCooldown(limits.cooldownSeconds);
      try {
        await assertCooledDown(phone, atMs);
        // Daily caps follow the calendar day in China.
        const day = shanghaiDate(at);
        if ((await kv.incr(`sms:day:m:${day}:${phone}`, DAY_MS * 2)) > limits.dailyPerMobile) {
          throw errors.smsRefused(MSG.smsDailyMobileCap);
        }
        if ((await kv.incr(`sms:day:ip:${day}:${ip}`, DAY_MS * 2)) > limits.dailyPerIp) {
          throw errors.smsRefused(MSG.smsDailyIpCap);
        }
        const code = String(randomInt(0, 10 ** LIMITS.smsCodeLength)).padStart(LIMITS.smsCodeLength, '0');
        const stored: StoredCode = {
          id: randomUUID(),
          hash: digest(purpose, phone, code),
          expiresAt: atMs + ttlMs,
        };
        await kv.set(codeKey(purpose, phone), JSON.stringify(stored), ttlMs);
        await kv.set(cooldownKey(phone), String(atMs), cooldownMs);
        try {
          await provider.send(phone, code, purpose);
        } catch (err) {
          log.error({ err, provider: provider.name }, 'SMS gateway failed');
          await kv.del(codeKey(purpose, phone));
          await kv.del(cooldownKey(phone));
          throw errors.smsRefused(MSG.smsSendFailed);
        }
      } finally {
        await kv.del(lockKey(phone));
      }
    },

    async verify(phone, purpose, code, { consume = true } = {}) {
      const key = codeKey(purpose, phone);
      const stored = await readJson(kv, key, storedSchema);
      if (!stored) throw errors.smsCodeVoid(MSG.smsCodeVoid);
      if (stored.expiresAt <= now().getTime()) {
        await kv.del(key);
        throw errors.smsCodeVoid(MSG.smsCodeExpired);
      }
      // Counted before comparing, atomically, so parallel guesses cannot exceed the limit.
      const tries = await kv.incr(triesKey(stored.id), ttlMs);
      if (tries > limits.maxTries) {
        await kv.del(key);
        throw errors.smsCodeVoid(MSG.smsCodeTooManyTries);
      }
      const expected = Buffer.from(stored.hash, 'hex');
      const actual = Buffer.from(digest(purpose, phone, code), 'hex');
      if (!timingSafeEqual(expected, actual)) {
        if (tries >= limits.maxTries) {
          await kv.del(key);
          throw errors.smsCodeVoid(MSG.smsCodeTooManyTries);
        }
        throw errors.smsCodeWrong();
      }
      if (consume) await kv.del(key);
    },

    async consume(phone, purpose) {
      await kv.del(codeKey(purpose, phone));
    },
  };
}
