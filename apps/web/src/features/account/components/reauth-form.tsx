// Step 1 of changing the mobile or the email: proves it is the account's owner, by the login password or by an SMS
// code to the current mobile (a slider captcha first). Hands the server's one-time ticket on.
import { LockOutlined, SafetyOutlined } from '@ant-design/icons';
import { MSG } from '@uc/shared';
import { Alert, Button, Flex, Form, Input, Tabs, Typography } from 'antd';
import { useRef, useState } from 'react';
import { SmsCodeButton } from '../../../components/sms-code-button/sms-code-button';
import { useCheckPassword } from '../api/check-password';
import { useCheckVerifyCode } from '../api/check-verify-code';
import { sendVerifyCode } from '../api/send-verify-code';
import { showFieldFailure } from '../model/failure';
import { requiredRule, smsCodeRule } from '../model/rules';

export interface ReauthFormProps {
  /** The current mobile, masked ('' when the account has none: the password is the only way). */
  mobile: string;
  /** The key of the captcha picture before the code to the current mobile. */
  captchaKey: string;
  onPassed: (ticket: string) => void;
}

function PasswordReauth({ onPassed }: { onPassed: (ticket: string) => void }) {
  const [form] = Form.useForm<{ password: string }>();
  const check = useCheckPassword();
  const submit = ({ password }: { password: string }) =>
    check.mutate(password, {
      onSuccess: (ticket) => onPassed(ticket.ticket),
      onError: (error) => showFieldFailure(form, 'password', error),
    });
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name="reauth-password">
      <Form.Item name="password" label="登录密码" rules={[requiredRule(MSG.passwordRequired)]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请输入当前登录密码"
          autoComplete="current-password"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={check.isPending}>
        下一步
      </Button>
    </Form>
  );
}

function SmsReauth({
  mobile,
  captchaKey,
  onPassed,
}: {
  mobile: string;
  captchaKey: string;
  onPassed: (ticket: string) => void;
}) {
  const [form] = Form.useForm<{ verifycode: string }>();
  const check = useCheckVerifyCode();
  const requested = useRef(false);
  const submit = ({ verifycode }: { verifycode: string }) =>
    check.mutate(verifycode, {
      onSuccess: (ticket) => onPassed(ticket.ticket),
      onError: (error) => showFieldFailure(form, 'verifycode', error),
    });
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name="reauth-sms">
      <Typography.Paragraph type="secondary">
        验证码将发送至当前绑定的手机 <Typography.Text strong>{mobile}</Typography.Text>
      </Typography.Paragraph>
      <Form.Item label="验证码" required>
        <Flex gap={8}>
          <Form.Item name="verifycode" noStyle rules={[smsCodeRule(() => requested.current)]}>
            <Input
              prefix={<SafetyOutlined />}
              placeholder="请输入验证码"
              aria-label="验证码"
              maxLength={4}
              inputMode="numeric"
              autoComplete="one-time-code"
            />
          </Form.Item>
          <SmsCodeButton
            prepare={async () => captchaKey}
            send={() => sendVerifyCode()}
            onSent={() => {
              requested.current = true;
              if (form.getFieldError('verifycode').length > 0) void form.validateFields(['verifycode']);
            }}
          />
        </Flex>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={check.isPending}>
        下一步
      </Button>
    </Form>
  );
}

export function ReauthForm({ mobile, captchaKey, onPassed }: ReauthFormProps) {
  const [tab, setTab] = useState('password');
  return (
    <div>
      <Alert type="info" showIcon title="为保障账号安全，请先验证身份" style={{ marginBottom: 12 }} />
      {mobile ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'password', label: '密码验证', children: <PasswordReauth onPassed={onPassed} /> },
            {
              key: 'sms',
              label: '短信验证',
              children: <SmsReauth mobile={mobile} captchaKey={captchaKey} onPassed={onPassed} />,
            },
          ]}
        />
      ) : (
        <PasswordReauth onPassed={onPassed} />
      )}
    </div>
  );
}
