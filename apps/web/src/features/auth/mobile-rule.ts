// The mobile rule of SPEC.md §5 (11 digits, starting 1, second digit 3-9: 手机号码有误) for registration and
// password recovery. It holds whatever the region picker shows: only mainland numbers are accepted for now.
import { MSG } from '@uc/shared';
import type { FormRule } from 'antd';
import { loadLoginRules } from './lazy-rules';

export function mobileRule(): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      const { loginRules } = await loadLoginRules();
      if (!loginRules.mobile.safeParse(text).success) throw new Error(MSG.mobileInvalid);
    },
  };
}
