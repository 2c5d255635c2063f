// Password-free login (docs/requirements.md §2 "Login screen"): mobile and SMS code (type 1), the code sent after the
// slider captcha. A mobile bound to no account (20005) moves to the account tab in bind mode.
import { Form } from 'antd';
import { useRef } from 'react';
import { Link } from 'react-router';
import { PhoneCodeFields } from '../../../components/form-fields/phone-code-fields';
import type { SmsCodeButtonHandle } from '../../../components/sms-code-button/sms-code-button';
import { paths } from '../../../paths';
import { sendLoginCode } from '../api/send-sms-code';
import { useLogin } from '../api/use-login';
import { reactToLoginCode, useLoginOutcome } from '../use-login-outcome';
import { AuthForm } from './auth-form';
import { RememberMeRow } from './remember-me-row';
import { SubmitButton } from './submit-button';

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
    <AuthForm<SmsLoginValues>
      form={form}
      name="sms-login"
      initialValues={{ rememberMe: false }}
      onFinish={onFinish}
    >
      <PhoneCodeFields
        send={sendLoginCode}
        codeButtonRef={codeButton}
        onRefused={(envelope, phone) => reactToLoginCode(envelope, phone, reactions)}
      />
      <RememberMeRow />
      <SubmitButton pending={login.isPending}>登录</SubmitButton>
      <div className="uc-auth-bottom">
        还没有账号？<Link to={paths.register}>免费注册</Link>
      </div>
    </AuthForm>
  );
}
