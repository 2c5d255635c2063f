// Loaders of the sign-in and sign-up rules for zodRule(): the first validation (or an idle prefetch) downloads them.
import { MSG } from '@uc/shared';
import type { FormRule } from 'antd';
import { zodRule } from '../../lib/zod-rule';
import type { LoginRuleName } from './login-rules';

export const loadLoginRules = () => import('./login-rules');

export function loginRule(name: LoginRuleName) {
  return zodRule(async () => (await loadLoginRules()).loginRules[name]);
}

/** Confirmation equal to the password field (docs/requirements.md §5: 请输入确认密码, 两次输入的密码不一致). */
export function confirmRule(passwordField: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const { confirmMatches } = await loadLoginRules();
      const password = getFieldValue(passwordField) as unknown;
      const message = confirmMatches(
        typeof password === 'string' ? password : undefined,
        typeof value === 'string' ? value : undefined,
      );
      if (message) throw new Error(message);
    },
  });
}

/**
 * The SMS code (docs/requirements.md §5): 请输入验证码 and 验证码输入有误; with `requested`, 请先获取验证码 until a code went out.
 */
export function smsCodeRule(requested?: () => boolean): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (requested && !requested()) throw new Error(MSG.codeNotRequested);
      const { loginRules } = await loadLoginRules();
      const result = loginRules.smsCode.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? MSG.codeInvalid);
    },
  };
}
