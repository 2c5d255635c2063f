// /findpwd (title 找回密码, SPEC.md §2): one step: mobile, SMS code (purpose findpwd), new password and its
// confirmation. A mobile with several accounts (code 20013) asks which account to reset.
import { LockOutlined, MobileOutlined, SafetyCertificateOutlined, SafetyOutlined } from '@ant-design/icons';
import { CODE, type Envelope, IDENTITY_CODE, MSG } from '@uc/shared';
import { Button, Flex, Form, Select } from 'antd';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SmsCodeButton } from '../../components/sms-code-button/sms-code-button';
import { toastError, toastSuccess, toastWarning } from '../../lib/feedback';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { type AccountChoice, accountChoices, postFindPassword } from './api/find-password';
import { sendPurposeCode } from './api/send-sms-code';
import { AuthShell } from './components/auth-shell';
import { pendingProp } from './components/pending';
import { confirmRule, loginRule, smsCodeRule } from './lazy-rules';
import { mobileRule } from './mobile-rule';

export const CHOOSE_ACCOUNT_HINT = '该手机号绑定了多个账号，请选择要修改密码的账号';

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
  const [submitting, setSubmitting] = useState(false);
  const [choices, setChoices] = useState<AccountChoice[]>([]);
  const codeRequested = useRef(false);

  const prepare = async (): Promise<string | null> => {
    try {
      const values = await form.validateFields(['phone']);
      return values.phone.trim();
    } catch {
      return null;
    }
  };

  const onFinish = async (values: FindPasswordValues) => {
    setSubmitting(true);
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
      toastError(failureText(envelope));
    } catch {
      toastError(MSG.findPasswordError);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthShell title="找回密码" subtitle="通过绑定的手机号验证身份，重新设置登录密码">
      <Form<FindPasswordValues>
        form={form}
        name="findpwd"
        size="large"
        onFinish={onFinish}
        requiredMark={false}
        autoComplete="off"
      >
        <Form.Item name="phone" rules={[mobileRule()]}>
          <Input
            prefix={<MobileOutlined />}
            placeholder="请输入绑定的手机号码"
            aria-label="手机号码"
            autoComplete="tel"
            maxLength={11}
            inputMode="numeric"
            onChange={() => choices.length > 0 && setChoices([])}
          />
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
              send={(phone) => sendPurposeCode(phone, 'findpwd')}
              onSent={() => {
                codeRequested.current = true;
                if (form.getFieldError('verifycode').length > 0) void form.validateFields(['verifycode']);
              }}
            />
          </Flex>
        </Form.Item>
        <Form.Item name="newpassword" rules={[loginRule('newPassword')]}>
          <Password
            prefix={<LockOutlined />}
            placeholder="新密码：至少8位，字母和数字组合"
            aria-label="新密码"
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item name="surepassword" dependencies={['newpassword']} rules={[confirmRule('newpassword')]}>
          <Password
            prefix={<SafetyCertificateOutlined />}
            placeholder="请再次输入新密码"
            aria-label="确认密码"
            autoComplete="new-password"
          />
        </Form.Item>
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
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={pendingProp(submitting)}>
            确认修改
          </Button>
        </Form.Item>
        <div className="uc-auth-bottom">
          想起密码了？<Link to={paths.login}>返回登录</Link>
        </div>
      </Form>
    </AuthShell>
  );
}
