// 修改密码: the current password, the new one and its confirmation (docs/requirements.md §5 rules), hashed as at login. This
// session keeps going with the fresh token the server answers; the account's other sessions have ended.
import { LockOutlined } from '@ant-design/icons';
import { ACCOUNT_CODE, MSG } from '@uc/shared';
import { Button, Form, type FormRule, Input, Modal } from 'antd';
import { PasswordPairFields } from '../../../components/form-fields/password-pair-fields';
import { isRemembered } from '../../../lib/session/cookies';
import { startSession } from '../../../lib/session/session';
import { toastSuccess } from '../../../lib/ui/feedback';
import { useChangePassword } from '../api/change-password';
import { businessCode, showFieldFailure } from '../model/failure';
import { oldPasswordRule } from '../model/rules';

interface PasswordValues {
  oldpassword: string;
  newpassword: string;
  surepassword: string;
}

/** What the user is told once the password changed. */
export const PASSWORD_CHANGED_TEXT = `${MSG.passwordChanged}，其他设备上的登录已全部退出`;

const differsFromOld: FormRule[] = [
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value === getFieldValue('oldpassword')) throw new Error(MSG.passwordUnchanged);
    },
  }),
];

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();

  const submit = (values: PasswordValues) =>
    change.mutate(values, {
      onSuccess: ({ token }) => {
        // Stored as at login: the old token is no longer valid anywhere.
        startSession(token, isRemembered());
        toastSuccess(PASSWORD_CHANGED_TEXT, 6);
        onClose();
      },
      onError: (error) => {
        const code = businessCode(error);
        showFieldFailure(
          form,
          code === ACCOUNT_CODE.passwordUnchanged ? 'newpassword' : 'oldpassword',
          error,
        );
      },
    });

  return (
    <Modal
      open={open}
      title="修改密码"
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={440}
      afterClose={() => form.resetFields()}
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name="change-password">
        <Form.Item name="oldpassword" label="原密码" rules={[oldPasswordRule]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="请输入原密码"
            autoComplete="current-password"
          />
        </Form.Item>
        <PasswordPairFields
          names={['newpassword', 'surepassword']}
          label="新密码"
          labelled
          rules={differsFromOld}
          dependencies={['oldpassword']}
        />
        <Button type="primary" htmlType="submit" block loading={change.isPending}>
          确定修改
        </Button>
      </Form>
    </Modal>
  );
}
