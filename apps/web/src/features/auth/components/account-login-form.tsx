// Account login (docs/requirements.md §2 "Login screen"): username, password, remember-me, links, submit. In bind-phone
// mode (login code 20004 or 20005) the mobile and code fields appear and the submit binds and logs in.
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LazyCaptchaDialog } from '../../../components/slider-captcha/lazy-captcha-dialog';
import type { SmsCodeButtonHandle } from '../../../components/sms-code-button/sms-code-button';
import { paths } from '../../../paths';
import type { LoginRequest } from '../api/login';
import { useLogin } from '../api/use-login';
import { type LoginAttempt, useLoginOutcome } from '../use-login-outcome';
import { AuthForm } from './auth-form';
import type { BindPhone } from './bind-phone-fields';
import { IconField } from './icon-field';
import { RememberMeRow } from './remember-me-row';
import { SubmitButton } from './submit-button';

// Bind mode is rare: its fields (and the code button with the captcha behind it) load when it starts.
const BindPhoneFields = lazy(async () => ({
  default: (await import('./bind-phone-fields')).BindPhoneFields,
}));

/** The logins this form sends: account (type 2) and bind-and-log-in (type 3), both with a password. */
type PasswordLogin = Exclude<LoginRequest, { type: 'sms' }>;

export interface AccountLoginValues {
  username: string;
  password: string;
  rememberMe: boolean;
  phone?: string;
  verifycode?: string;
}

export interface AccountLoginFormProps {
  bindMode?: boolean;
  /** The mobile to bind, copied from the password-free tab (code 20005). */
  bindPhone?: BindPhone | null;
  /** 20004: switch this form to bind mode. */
  onBindRequired?: () => void;
  /** Leave bind mode. */
  onCancelBind?: () => void;
}

function prefilledUsername(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('username' in state)) return '';
  return typeof state.username === 'string' ? state.username : '';
}

export function AccountLoginForm({
  bindMode = false,
  bindPhone = null,
  onBindRequired,
  onCancelBind,
}: AccountLoginFormProps) {
  const [form] = Form.useForm<AccountLoginValues>();
  const location = useLocation();
  const login = useLogin();
  const codeButton = useRef<SmsCodeButtonHandle>(null);
  // The last login sent: a locked account (20002 asking for the puzzle) sends it again once the puzzle is solved.
  const lastTry = useRef<{ request: PasswordLogin; attempt: LoginAttempt } | null>(null);
  const [captchaFor, setCaptchaFor] = useState<string | null>(null);
  const outcome = useLoginOutcome({
    onNeedBind: onBindRequired,
    onSmsRefused: () => codeButton.current?.reset(),
    onCaptchaRequired: () => {
      const username = lastTry.current?.request.username.trim();
      if (username) setCaptchaFor(username);
    },
  });

  const send = async (request: PasswordLogin, attempt: LoginAttempt) => {
    lastTry.current = { request, attempt };
    try {
      outcome.onAnswer(await login.login(request), attempt);
    } catch (error) {
      outcome.onError(error);
    }
  };

  const onFinish = (values: AccountLoginValues) => {
    const rememberMe = Boolean(values.rememberMe);
    const phone = values.phone ?? '';
    const request: PasswordLogin = bindMode
      ? {
          type: 'bind',
          username: values.username,
          password: values.password,
          phone,
          verifycode: values.verifycode ?? '',
          rememberMe,
        }
      : { type: 'account', username: values.username, password: values.password, rememberMe };
    return send(request, { rememberMe, bound: bindMode, phone });
  };

  const onCaptchaPassed = () => {
    setCaptchaFor(null);
    const again = lastTry.current;
    if (again) void send(again.request, again.attempt);
  };

  return (
    <AuthForm<AccountLoginValues>
      form={form}
      name="account-login"
      initialValues={{ rememberMe: false, username: prefilledUsername(location.state) }}
      onFinish={onFinish}
      autoComplete="on"
    >
      <IconField
        name="username"
        rule="username"
        icon={<UserOutlined />}
        label="用户名"
        placeholder="请输入用户名"
        autoComplete="username"
        maxLength={64}
      />
      <IconField
        name="password"
        rule="password"
        icon={<LockOutlined />}
        label="密码"
        placeholder="请输入密码"
        autoComplete="current-password"
        password
      />
      {bindMode && (
        <Suspense fallback={<div className="uc-auth-bind-placeholder" />}>
          <BindPhoneFields bindPhone={bindPhone} codeButtonRef={codeButton} />
        </Suspense>
      )}
      <RememberMeRow />
      <SubmitButton pending={login.isPending}>{bindMode ? '绑定并登录' : '登录'}</SubmitButton>
      {bindMode && onCancelBind && (
        <div className="uc-auth-bottom" style={{ marginTop: 12 }}>
          <Button type="link" size="small" onClick={onCancelBind}>
            返回账号密码登录
          </Button>
        </div>
      )}
      <div className="uc-auth-bottom">
        还没有账号？<Link to={paths.register}>免费注册</Link>
      </div>
      <LazyCaptchaDialog
        captchaKey={captchaFor}
        onSuccess={onCaptchaPassed}
        onCancel={() => setCaptchaFor(null)}
      />
    </AuthForm>
  );
}
