// Password-free login (SPEC.md §2 "Login screen"): mobile and SMS code (type 1), the code sent after the
// slider captcha. A mobile bound to no account (20005) moves to the account tab in bind mode.
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Form } from 'antd';
import Input from 'antd/es/input/Input';
import { useRef } from 'react';
import { Link } from 'react-router';
import { SmsCodeButton, type SmsCodeButtonHandle } from '../../../components/sms-code-button/sms-code-button';
import { paths } from '../../../paths';
import { sendLoginCode } from '../api/send-sms-code';
import { useLogin } from '../api/use-login';
import { loginRule } from '../lazy-rules';
import { reactToLoginCode, useLoginOutcome } from '../use-login-outcome';
import { pendingProp } from './pending';

interface SmsLoginValues {
  phone: string;
  verifycode: string;
  rememberMe: boolean;
}

export function SmsLoginForm({ onPhoneNotBound }: { onPhoneNotBound?: (phone: string) => void }) {
  const [form] = Form.useForm<SmsLoginValues>();
  const login = useLogin();
  const codeButton = useRef<SmsCodeButtonHandle>(null);
  const reactions = {
    onPhoneNotBound,
    onSmsRefused: () => codeButton.current?.reset(),
  };
  const outcome = useLoginOutcome(reactions);

  const prepare = async (): Promise<string | null> => {
    try {
      const values = await form.validateFields(['phone']);
      return values.phone.trim();
    } catch {
      return null;
    }
  };

  const onFinish = async (values: SmsLoginValues) => {
    const rememberMe = Boolean(values.rememberMe);
    const phone = values.phone.trim();
    try {
      const envelope = await login.login({ type: 'sms', phone, verifycode: values.verifycode, rememberMe });
      outcome.onAnswer(envelope, { rememberMe, phone });
    } catch (error) {
      outcome.onError(error);
    }
  };

  return (
    <Form<SmsLoginValues>
      form={form}
      name="sms-login"
      size="large"
      initialValues={{ rememberMe: false }}
      onFinish={onFinish}
      requiredMark={false}
    >
      <Form.Item name="phone" rules={[loginRule('mobile')]}>
        <Input
          prefix={<MobileOutlined />}
          placeholder="请输入手机号码"
          aria-label="手机号码"
          autoComplete="tel"
          maxLength={11}
          inputMode="numeric"
        />
      </Form.Item>
      <Form.Item>
        <Flex gap={8}>
          <Form.Item name="verifycode" noStyle rules={[loginRule('smsCode')]}>
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
            ref={codeButton}
            size="large"
            prepare={prepare}
            send={sendLoginCode}
            onRefused={(envelope, phone) => reactToLoginCode(envelope, phone, reactions)}
          />
        </Flex>
      </Form.Item>
      <div className="uc-auth-row" style={{ marginBottom: 20 }}>
        <Form.Item name="rememberMe" valuePropName="checked" noStyle>
          <Checkbox>一周内自动登录</Checkbox>
        </Form.Item>
        <Link to={paths.findpwd}>忘记密码？</Link>
      </div>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" block loading={pendingProp(login.isPending)}>
          登录
        </Button>
      </Form.Item>
      <div className="uc-auth-bottom">
        还没有账号？<Link to={paths.register}>免费注册</Link>
      </div>
    </Form>
  );
}
