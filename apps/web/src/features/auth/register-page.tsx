// /register (docs/requirements.md §2 "Register screen", §5 "Registration"): company, username, password, confirmation,
// mobile with its dialing code, SMS code, agreement; POST /auth/register/ answers 201 when registered.
import { BankOutlined, UserOutlined } from '@ant-design/icons';
import { CODE, type Envelope, MSG } from '@uc/shared';
import { Checkbox, Form, type FormRule } from 'antd';
import { Link, useNavigate } from 'react-router';
import { PasswordPairFields } from '../../components/form-fields/password-pair-fields';
import { PhoneCodeFields } from '../../components/form-fields/phone-code-fields';
import { DEFAULT_DIAL_REGION } from '../../components/region-picker/dial-codes';
import { errorText } from '../../lib/http/api-error';
import { toastError, toastSuccess } from '../../lib/ui/feedback';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { usePending } from '../../lib/ui/use-pending';
import { paths } from '../../paths';
import { postRegister } from './api/register';
import { sendRegisterCode } from './api/send-sms-code';
import { AuthForm } from './components/auth-form';
import { AuthShell } from './components/auth-shell';
import { IconField } from './components/icon-field';
import { SubmitButton } from './components/submit-button';

const AGREEMENT_URL = '/agreement.html';
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

/** The fields that must be valid, with the mobile, before the captcha opens (docs/requirements.md §4 "SMS code button"). */
const BEFORE_CODE: readonly (keyof RegisterValues)[] = ['company', 'username', 'password', 'confirmPassword'];

const agreeRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    if (value !== true) throw new Error(MSG.agreeRequired);
  },
};

/** The failure text of a registration answer: the server's data text (docs/requirements.md §8), else its message. */
function registerFailureText(envelope: Envelope<unknown>): string {
  if (typeof envelope.data === 'string' && envelope.data.trim()) return envelope.data;
  return envelope.message || REGISTER_FAILED;
}

export function RegisterPage() {
  useDocumentTitle('免费注册');
  const [form] = Form.useForm<RegisterValues>();
  const navigate = useNavigate();
  const [submitting, run] = usePending();
  const onFinish = (values: RegisterValues) =>
    run(async () => {
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
      }
    });

  return (
    <AuthShell title="免费注册" subtitle="注册查策网账号，免费体验会员服务">
      <AuthForm<RegisterValues>
        form={form}
        name="register"
        initialValues={{ region: DEFAULT_DIAL_REGION, agree: false }}
        onFinish={onFinish}
        autoComplete="off"
      >
        <IconField
          name="company"
          rule="company"
          icon={<BankOutlined />}
          label="公司名称"
          placeholder="请填写营业执照上的公司名称"
        />
        <IconField
          name="username"
          rule="newUsername"
          icon={<UserOutlined />}
          label="用户名"
          placeholder="用户名：6-16位，以字母开头"
          autoComplete="username"
        />
        <PasswordPairFields names={['password', 'confirmPassword']} label="密码" />
        <PhoneCodeFields send={sendRegisterCode} checkFirst={BEFORE_CODE} requireRequest withRegion />
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
        <SubmitButton pending={submitting}>注册</SubmitButton>
        <div className="uc-auth-bottom">
          已有账号？<Link to={paths.login}>立即登录</Link>
        </div>
      </AuthForm>
    </AuthShell>
  );
}
