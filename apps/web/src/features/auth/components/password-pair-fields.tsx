// A new password and its confirmation (registration and recovery, SPEC.md §5).
import { LockOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Form } from 'antd';
import Password from 'antd/es/input/Password';
import { confirmRule, loginRule } from '../lazy-rules';

export function PasswordPairFields({
  names,
  label,
}: {
  /** The password field and the confirmation field. */
  names: readonly [string, string];
  /** What the password is called on this screen: 密码 or 新密码. */
  label: string;
}) {
  const [password, confirm] = names;
  return (
    <>
      <Form.Item name={password} rules={[loginRule('newPassword')]}>
        <Password
          prefix={<LockOutlined />}
          placeholder={`${label}：至少8位，字母和数字组合`}
          aria-label={label}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item name={confirm} dependencies={[password]} rules={[confirmRule(password)]}>
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
