// 创建密钥's form: the allow-list typed one address a line, and the shared rules with their messages.
import { apiKeyBody } from '@uc/shared';
import { zodRule } from '../../../lib/zod-rule';

/** What the form holds: the allow-list as typed. */
export interface KeyFormValues {
  name: string;
  ips?: string;
}

/** The addresses typed, one a line (commas and spaces separate them too), blanks dropped. */
export function ipLines(text: string | undefined): string[] {
  return (text ?? '').split(/[\s,，;；]+/).filter(Boolean);
}

export const keyNameRule = zodRule(apiKeyBody.shape.name);

export const ipAllowRule = zodRule({
  safeParse: (value: unknown) =>
    apiKeyBody.shape.ip_allow.safeParse(ipLines(typeof value === 'string' ? value : '')),
});

/** The request body of the form's values. */
export const keyBodyOf = (values: KeyFormValues) => ({
  name: values.name.trim(),
  ip_allow: ipLines(values.ips),
});
