// 绑定邮箱 / 修改邮箱: 1 re-authentication, 2 the address, 3 the confirmation link is on its way (the binding completes
// when the user opens it).
import { MailOutlined } from '@ant-design/icons';
import { type EmailPending, MSG } from '@uc/shared';
import { Button, Form, Input, Result, Typography } from 'antd';
import { useUpdateEmail } from '../api/update-email';
import { showFieldFailure } from '../model/failure';
import { emailRule } from '../model/rules';
import { type ReauthChange, type ReauthDialogProps, ReauthWizard } from './reauth-wizard';

function EmailForm({ step, userId }: { step: ReauthChange<EmailPending>; userId: number }) {
  const [form] = Form.useForm<{ email: string }>();
  const update = useUpdateEmail(userId);
  const submit = ({ email }: { email: string }) =>
    update.mutate(
      { email: email.trim(), ticket: step.ticket },
      {
        onSuccess: step.done,
        onError: (error) => {
          if (!step.restartOnLostTicket(error)) showFieldFailure(form, 'email', error);
        },
      },
    );
  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name="new-email">
      <Form.Item name="email" label="邮箱地址" rules={[emailRule]}>
        <Input
          prefix={<MailOutlined />}
          placeholder="请输入邮箱地址"
          autoComplete="email"
          inputMode="email"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={update.isPending}>
        发送确认邮件
      </Button>
    </Form>
  );
}

export function EmailDialog({ open, onClose, userId, captchaKey, mobile, bound }: ReauthDialogProps) {
  return (
    <ReauthWizard<EmailPending>
      open={open}
      onClose={onClose}
      title={bound ? '修改邮箱' : '绑定邮箱'}
      steps={['填写邮箱', '查收邮件']}
      captchaKey={captchaKey}
      mobile={mobile}
      change={(step) => <EmailForm step={step} userId={userId} />}
      result={(pending, close) => (
        <Result
          status="success"
          title="确认邮件已发送"
          subTitle={
            <>
              <Typography.Paragraph style={{ marginBottom: 4 }}>
                邮件已发送至 <Typography.Text strong>{pending.email_pending}</Typography.Text>
              </Typography.Paragraph>
              <Typography.Text type="secondary">{MSG.emailConfirmSent}</Typography.Text>
            </>
          }
          extra={
            <Button type="primary" onClick={close}>
              我知道了
            </Button>
          }
        />
      )}
    />
  );
}
