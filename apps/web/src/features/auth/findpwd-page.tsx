// /findpwd (title 找回密码, docs/requirements.md §2): one step: mobile, SMS code (purpose findpwd), new password and its
// confirmation. A mobile with several accounts (code 20013) asks which account to reset; the server lists enabled
// accounts only.
import { ACCOUNT_CODE, CODE, type Envelope, IDENTITY_CODE, MSG } from '@uc/shared';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PasswordPairFields } from '../../components/form-fields/password-pair-fields';
import { PhoneCodeFields } from '../../components/form-fields/phone-code-fields';
import { toastError, toastSuccess, toastWarning } from '../../lib/ui/feedback';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { usePending } from '../../lib/ui/use-pending';
import { paths } from '../../paths';
import { type AccountChoice, accountChoices, postFindPassword } from './api/find-password';
import { sendPurposeCode } from './api/send-sms-code';
import { AuthForm } from './components/auth-form';
import { AuthShell } from './components/auth-shell';
import { SubmitButton } from './components/submit-button';

const CHOOSE_ACCOUNT_HINT = '该手机号绑定了多个账号，请选择要修改密码的账号';

interface FindPasswordValues {
  phone: string;
  verifycode: string;
  newpassword: string;
  surepassword: string;
  username?: string;
}

function failureText(envelope: Envelope<unknown>): string {
  if (envelope.message) return envelope.message;
  return typeof envelope.data === 'string' && envelope.data ? envelope.data : MSG.findPasswordError;
}

export function FindPasswordPage() {
  useDocumentTitle('找回密码');
  const [form] = Form.useForm<FindPasswordValues>();
  const navigate = useNavigate();
  const [submitting, run] = usePending();
  const [choices, setChoices] = useState<AccountChoice[]>([]);

  const onFinish = (values: FindPasswordValues) =>
    run(async () => {
      try {
        const envelope = await postFindPassword({
          telphone: values.phone,
          verifycode: values.verifycode,
          newpassword: values.newpassword,
          surepassword: values.surepassword,
          ...(choices.length > 0 && values.username ? { username: values.username } : {}),
        });
        if (envelope.code === CODE.ok) {
          toastSuccess(MSG.findPasswordOk);
          navigate(paths.login, {
            replace: true,
            state: values.username ? { username: values.username } : null,
          });
          return;
        }
        if (envelope.code === IDENTITY_CODE.chooseAccount) {
          const list = accountChoices(envelope);
          if (list.length > 0) {
            setChoices(list);
            form.setFieldValue('username', undefined);
            toastWarning(envelope.message || CHOOSE_ACCOUNT_HINT);
            return;
          }
        }
        if (envelope.code === ACCOUNT_CODE.accountDisabled && values.username) {
          // Disabled since the server listed it: it is not offered again (the code stays valid for the others).
          const refused = values.username;
          setChoices((list) => list.filter((choice) => choice.username !== refused));
          form.setFieldValue('username', undefined);
        }
        toastError(failureText(envelope));
      } catch {
        toastError(MSG.findPasswordError);
      }
    });

  return (
    <AuthShell title="找回密码" subtitle="通过绑定的手机号验证身份，重新设置登录密码">
      <AuthForm<FindPasswordValues> form={form} name="findpwd" onFinish={onFinish} autoComplete="off">
        <PhoneCodeFields
          send={(phone) => sendPurposeCode(phone, 'findpwd')}
          requireRequest
          mobilePlaceholder="请输入绑定的手机号码"
          onMobileChange={() => choices.length > 0 && setChoices([])}
        />
        <PasswordPairFields names={['newpassword', 'surepassword']} label="新密码" />
        {choices.length > 0 && (
          <Form.Item
            name="username"
            label="选择账号"
            layout="vertical"
            extra={CHOOSE_ACCOUNT_HINT}
            rules={[{ required: true, message: MSG.chooseAccount }]}
          >
            <Select
              aria-label="选择账号"
              placeholder="请选择要修改密码的账号"
              options={choices.map((choice) => ({
                value: choice.username,
                label: choice.company_name ? `${choice.username}（${choice.company_name}）` : choice.username,
              }))}
            />
          </Form.Item>
        )}
        <SubmitButton pending={submitting}>确认修改</SubmitButton>
        <div className="uc-auth-bottom">
          想起密码了？<Link to={paths.login}>返回登录</Link>
        </div>
      </AuthForm>
    </AuthShell>
  );
}
