// A new password and its confirmation (registration, recovery, the account's and a sub-account's password; docs/requirements.md §5).
// Both are always required: the rules load lazily as validators, so `required` tells the form (and its optional mark).
import { LockOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Form, type FormRule } from 'antd';
import Password from 'antd/es/input/Password';
import { confirmRule, loginRule } from './lazy-rules';

export function PasswordPairFields({
  names,
  label,
  labelled = false,
  rules = [],
  dependencies = [],
}: {
  /** The password field and the confirmation field. */
  names: readonly [string, string];
  /** What the password is called on this screen: 密码 or 新密码. */
  label: string;
  /** Labels above the fields (the account dialogs); without, the placeholders name them. */
  labelled?: boolean;
  /** Further rules of the password (a new password that must differ from the old one). */
  rules?: FormRule[];
  /** Fields those rules read. */
  dependencies?: string[];
}) {
  const [password, confirm] = names;
  return (
    <>
      <Form.Item
        name={password}
        label={labelled ? label : undefined}
        dependencies={dependencies}
        rules={[loginRule('newPassword'), ...rules]}
        required
      >
        <Password
          prefix={<LockOutlined />}
          placeholder={labelled ? '至少8位，字母和数字组合' : `${label}：至少8位，字母和数字组合`}
          aria-label={label}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item
        name={confirm}
        label={labelled ? '确认密码' : undefined}
        dependencies={[password]}
        rules={[confirmRule(password)]}
        required
      >
        <Password
          prefix={<SafetyCertificateOutlined />}
          placeholder={`请再次输入${label}`}
          aria-label="确认密码"
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
