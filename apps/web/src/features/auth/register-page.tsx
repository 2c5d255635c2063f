// /register (SPEC.md §2 "Register screen", §5 "Registration"): company, username, password, confirmation,
// mobile with its dialing code, SMS code, agreement; POST /auth/register/ answers 201 when registered.
import {
  BankOutlined,
  LockOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { CODE, type Envelope, MSG } from '@uc/shared';
import { Button, Checkbox, Flex, Form, type FormRule, Space } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type ChangeEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_DIAL_REGION } from '../../components/region-picker/dial-codes';
import { RegionPicker } from '../../components/region-picker/region-picker';
import { SmsCodeButton } from '../../components/sms-code-button/sms-code-button';
import { errorText } from '../../lib/api-error';
import { toastError, toastSuccess } from '../../lib/feedback';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { postRegister } from './api/register';
import { sendRegisterCode } from './api/send-sms-code';
import { AuthShell } from './components/auth-shell';
import { pendingProp } from './components/pending';
import { confirmRule, loginRule, smsCodeRule } from './lazy-rules';
import { mobileRule } from './mobile-rule';

export const AGREEMENT_URL = '/agreement.html';
const REGISTER_FAILED = '注册失败，请稍后重试';

interface RegisterValues {
  company: string;
  username: string;
  password: string;
  confirmPassword: string;
  region: string;
  phone: string;
  verifycode: string;
  agree: boolean;
}

/** The fields that must be valid before the captcha opens (SPEC.md §4 "SMS code button"). */
const BEFORE_CODE: (keyof RegisterValues)[] = ['company', 'username', 'password', 'confirmPassword', 'phone'];

const agreeRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    if (value !== true) throw new Error(MSG.agreeRequired);
  },
};

/** The failure text of a registration answer: the server's data text (SPEC.md §8), else its message. */
export function registerFailureText(envelope: Envelope<unknown>): string {
  if (typeof envelope.data === 'string' && envelope.data.trim()) return envelope.data;
  return envelope.message || REGISTER_FAILED;
}

export function RegisterPage() {
  useDocumentTitle('免费注册');
  const [form] = Form.useForm<RegisterValues>();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  // Read by the code rule at validation time (SPEC.md §5: 请先获取验证码).
  const codeRequested = useRef(false);

  const prepare = async (): Promise<string | null> => {
    try {
      const values = await form.validateFields(BEFORE_CODE);
      return values.phone.trim();
    } catch {
      return null;
    }
  };

  const onFinish = async (values: RegisterValues) => {
    setSubmitting(true);
    try {
      const envelope = await postRegister({
        company: values.company,
        username: values.username,
        password: values.password,
        confirmPassword: values.confirmPassword,
        // Mainland numbers only (the picker offers no other region): sent as typed, without a prefix.
        telphone: values.phone.trim(),
        verifycode: values.verifycode,
      });
      if (envelope.code === CODE.created) {
        toastSuccess(MSG.registered);
        navigate(paths.login, { replace: true, state: { username: values.username.trim() } });
        return;
      }
      toastError(registerFailureText(envelope));
    } catch (error) {
      toastError(errorText(error, REGISTER_FAILED));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthShell title="免费注册" subtitle="注册查策网账号，免费体验会员服务">
      <Form<RegisterValues>
        form={form}
        name="register"
        size="large"
        initialValues={{ region: DEFAULT_DIAL_REGION, agree: false }}
        onFinish={onFinish}
        requiredMark={false}
        autoComplete="off"
      >
        <Form.Item name="company" rules={[loginRule('company')]}>
          <Input prefix={<BankOutlined />} placeholder="请填写营业执照上的公司名称" aria-label="公司名称" />
        </Form.Item>
        <Form.Item name="username" rules={[loginRule('newUsername')]}>
          <Input
            prefix={<UserOutlined />}
            placeholder="用户名：6-16位，以字母开头"
            aria-label="用户名"
            autoComplete="username"
          />
        </Form.Item>
        <Form.Item name="password" rules={[loginRule('newPassword')]}>
          <Password
            prefix={<LockOutlined />}
            placeholder="密码：至少8位，字母和数字组合"
            aria-label="密码"
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item name="confirmPassword" dependencies={['password']} rules={[confirmRule('password')]}>
          <Password
            prefix={<SafetyCertificateOutlined />}
            placeholder="请再次输入密码"
            aria-label="确认密码"
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item name="phone" rules={[mobileRule()]}>
          <PhoneInput />
        </Form.Item>
        <Form.Item>
          <Flex gap={8}>
            <Form.Item name="verifycode" noStyle rules={[smsCodeRule(() => codeRequested.current)]}>
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
              size="large"
              prepare={prepare}
              send={sendRegisterCode}
              onSent={() => {
                codeRequested.current = true;
                // A 请先获取验证码 shown earlier goes away.
                if (form.getFieldError('verifycode').length > 0) void form.validateFields(['verifycode']);
              }}
            />
          </Flex>
        </Form.Item>
        <Form.Item name="agree" valuePropName="checked" rules={[agreeRule]}>
          <Checkbox className="uc-auth-agree">
            我已阅读并同意
            <a
              href={AGREEMENT_URL}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(event) => event.stopPropagation()}
            >
              《用户服务协议》
            </a>
          </Checkbox>
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={pendingProp(submitting)}>
            注册
          </Button>
        </Form.Item>
        <div className="uc-auth-bottom">
          已有账号？<Link to={paths.login}>立即登录</Link>
        </div>
      </Form>
    </AuthShell>
  );
}

/** The mobile field with the dialing-code picker in front (the picker is its own form field, not sent). */
function PhoneInput({
  value,
  onChange,
  id,
  ...rest
}: {
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  id?: string;
  'aria-invalid'?: boolean;
}) {
  return (
    <Space.Compact block>
      <Form.Item name="region" noStyle>
        <RegionPicker />
      </Form.Item>
      <Input
        id={id}
        value={value ?? ''}
        onChange={onChange}
        placeholder="请输入手机号码"
        aria-label="手机号码"
        autoComplete="tel-national"
        inputMode="numeric"
        maxLength={11}
        {...rest}
      />
    </Space.Compact>
  );
}
