// The antd rules of the account forms, from the shared zod rules (docs/requirements.md §5 messages).
import { addSubAccountBody, emailField, MSG, rules, updateUserBody } from '@uc/shared';
import type { FormRule } from 'antd';
import { zodRule } from '../../../lib/zod-rule';

// The SMS code rule of every form (docs/requirements.md §5).
export { smsCodeRule } from '../../../components/form-fields/lazy-rules';

export const usernameRule = zodRule(rules.username);
export const contactNameRule = zodRule(updateUserBody.shape.name);
export const emailRule = zodRule(emailField);
/** A sub-account's mobile is optional: empty passes, anything else is a mobile. */
export const optionalMobileRule = zodRule(addSubAccountBody.shape.mobile);

/** A password that only has to be there (the current one, checked by the server). */
export const requiredRule = (message: string): FormRule => ({ required: true, message, whitespace: false });

export const oldPasswordRule = requiredRule(MSG.oldPasswordRequired);
