// The mobile rule (SPEC.md §5: 手机号码有误) for a number with a dialing code: the mainland rule for +86,
// 5-15 digits elsewhere.
import { MSG } from '@uc/shared';
import type { FormRule } from 'antd';
import { isMainland } from '../../components/region-picker/dial-codes';
import { loadLoginRules } from './lazy-rules';

const FOREIGN_MOBILE = /^\d{5,15}$/;

export function mobileRule(regionField?: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      const region = regionField ? (getFieldValue(regionField) as string | undefined) : undefined;
      if (!isMainland(region)) {
        if (!FOREIGN_MOBILE.test(text)) throw new Error(MSG.mobileInvalid);
        return;
      }
      const { loginRules } = await loadLoginRules();
      if (!loginRules.mobile.safeParse(text).success) throw new Error(MSG.mobileInvalid);
    },
  });
}
