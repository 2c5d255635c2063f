// 登录: username, password and the 6-digit code of the authenticator app; one line says why a sign-in failed.
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, STAFF_TOTP_DIGITS, STAFF_TOTP_ISSUER, type StaffLoginBody } from '@uc/shared';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import type { LoginState } from '../../lib/paths';
import { sessionKey, signIn } from '../../lib/session';

const TOTP_PATTERN = new RegExp(`^\\d{${STAFF_TOTP_DIGITS}}$`);

export default function LoginPage() {
  const [form] = Form.useForm<StaffLoginBody>();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginState;
  const queryClient = useQueryClient();
  const login = useMutation({
    mutationFn: signIn,
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKey, session);
      navigate(state.from && state.from !== '/login' ? state.from : '/', { replace: true });
    },
  });

  return (
    <div className="uc-admin-login">
      <Card className="uc-admin-login-card">
        <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 4 }}>
          {STAFF_TOTP_ISSUER}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          员工登录
        </Typography.Paragraph>
        {login.error ? (
          <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} />
        ) : state.expired ? (
          <Alert type="warning" showIcon title={MSG.staffSessionExpired} style={{ marginBottom: 16 }} />
        ) : null}
        <Form
          form={form}
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={(values) => login.mutate({ ...values, username: values.username.trim() })}
        >
          <Form.Item
            label="用户名"
            name="username"
            rules={[{ required: true, whitespace: true, message: MSG.usernameRequired }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" maxLength={32} />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: MSG.passwordRequired }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={64} />
          </Form.Item>
          <Form.Item
            label="动态码"
            name="totp"
            extra="打开身份验证器应用，输入显示的6位数字"
            rules={[{ required: true, pattern: TOTP_PATTERN, message: MSG.staffTotpInvalid }]}
          >
            <Input
              prefix={<SafetyOutlined />}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={STAFF_TOTP_DIGITS}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
