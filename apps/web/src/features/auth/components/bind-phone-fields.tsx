// Bind-phone mode of the account login (SPEC.md §4): mobile and SMS code (purpose bind) under the password.
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Flex, Form } from 'antd';
import Input from 'antd/es/input/Input';
import { type RefObject, useEffect } from 'react';
import { SmsCodeButton, type SmsCodeButtonHandle } from '../../../components/sms-code-button/sms-code-button';
import { sendPurposeCode } from '../api/send-sms-code';
import { loginRule } from '../lazy-rules';
import { reactToLoginCode } from '../use-login-outcome';
import type { BindPhone } from './account-login-form';

export function BindPhoneFields({
  bindPhone,
  codeButtonRef,
}: {
  bindPhone: BindPhone | null;
  codeButtonRef: RefObject<SmsCodeButtonHandle | null>;
}) {
  const form = Form.useFormInstance();

  // The mobile copied from the password-free tab (code 20005).
  const seq = bindPhone?.seq;
  const value = bindPhone?.value;
  useEffect(() => {
    if (seq !== undefined && value) form.setFieldValue('phone', value);
  }, [form, seq, value]);

  const prepare = async (): Promise<string | null> => {
    try {
      const values = (await form.validateFields(['phone'])) as { phone: string };
      return values.phone.trim();
    } catch {
      return null;
    }
  };

  return (
    <>
      <div className="uc-auth-bind-tip" role="note">
        请填写账号和密码，并为账号绑定手机号后登录
      </div>
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
            ref={codeButtonRef}
            size="large"
            prepare={prepare}
            send={(phone) => sendPurposeCode(phone, 'bind')}
            onRefused={(envelope, phone) => reactToLoginCode(envelope, phone, {})}
          />
        </Flex>
      </Form.Item>
    </>
  );
}
