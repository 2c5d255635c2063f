// One field of the sign-in and sign-up forms: an input with its icon, named by its label, checked by its login rule.
import { Form } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import type { ReactNode } from 'react';
import { loginRule } from '../../../components/form-fields/lazy-rules';
import type { LoginRuleName } from '../../../components/form-fields/login-rules';

export function IconField({
  name,
  rule,
  icon,
  label,
  placeholder,
  password = false,
  autoComplete,
  maxLength,
}: {
  name: string;
  rule: LoginRuleName;
  icon: ReactNode;
  /** The input's accessible name. */
  label: string;
  placeholder: string;
  /** A password: hidden, with the eye to show it. */
  password?: boolean;
  autoComplete?: string;
  maxLength?: number;
}) {
  const Field = password ? Password : Input;
  return (
    <Form.Item name={name} rules={[loginRule(rule)]}>
      <Field
        prefix={icon}
        placeholder={placeholder}
        aria-label={label}
        autoComplete={autoComplete}
        maxLength={maxLength}
      />
    </Form.Item>
  );
}
