// The shared docs/requirements.md §5 rules of the sign-in and sign-up forms; imported lazily so zod stays out of the first paint.
import { confirmMatches, rules } from '@uc/shared';

export const loginRules = {
  username: rules.loginUsername,
  password: rules.loginPassword,
  mobile: rules.mobile,
  smsCode: rules.smsCode,
  company: rules.company,
  newUsername: rules.username,
  newPassword: rules.password,
  confirmPassword: rules.confirmPassword,
};

export type LoginRuleName = keyof typeof loginRules;

export { confirmMatches };
