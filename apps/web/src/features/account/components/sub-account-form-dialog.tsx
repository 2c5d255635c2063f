// 新增子账号 / 编辑子账号: username, password and confirmation (hashed), contact name and an optional mobile, with the
// registration rules of docs/requirements.md §5. Editing changes the contact name and the mobile only. Only the mobile is optional,
// and only it is marked so (docs/decisions.md "account").
import { MobileOutlined, UserOutlined } from '@ant-design/icons';
import { ACCOUNT_CODE, IDENTITY_CODE, MSG, type SubAccountItem } from '@uc/shared';
import { Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { PasswordPairFields } from '../../../components/form-fields/password-pair-fields';
import { toastSuccess } from '../../../lib/ui/feedback';
import { useAddUser } from '../api/add-user';
import { useUpdateSubUser } from '../api/update-sub-user';
import { businessCode, reportFailure, showFieldFailure } from '../model/failure';
import { contactNameRule, optionalMobileRule, usernameRule } from '../model/rules';

interface SubAccountValues {
  username: string;
  password: string;
  surepassword: string;
  name: string;
  mobile?: string;
}

/** Which field a refusal of the server belongs under (the limit and the rest show as a toast). */
function fieldOf(error: unknown): keyof SubAccountValues | null {
  const code = businessCode(error);
  if (code === IDENTITY_CODE.usernameTaken) return 'username';
  if (code === ACCOUNT_CODE.mobileTaken || code === IDENTITY_CODE.mobileTaken) return 'mobile';
  return null;
}

export interface SubAccountFormDialogProps {
  open: boolean;
  onClose: () => void;
  userId: number;
  /** The sub-account to edit; null adds a new one. */
  editing: SubAccountItem | null;
}

export function SubAccountFormDialog({ open, onClose, userId, editing }: SubAccountFormDialogProps) {
  const [form] = Form.useForm<SubAccountValues>();
  const add = useAddUser(userId);
  const update = useUpdateSubUser(userId);
  const pending = add.isPending || update.isPending;

  const onError = (error: unknown) => {
    const field = fieldOf(error);
    if (field) showFieldFailure(form, field, error);
    else reportFailure(error);
  };

  const submit = (values: SubAccountValues) => {
    const mobile = values.mobile?.trim() ?? '';
    if (editing) {
      update.mutate(
        { id: editing.id, body: { name: values.name.trim(), mobile } },
        {
          onSuccess: () => {
            toastSuccess(MSG.subAccountUpdated);
            onClose();
          },
          onError,
        },
      );
      return;
    }
    add.mutate(
      {
        username: values.username,
        password: values.password,
        surepassword: values.surepassword,
        name: values.name,
        mobile,
      },
      {
        onSuccess: () => {
          toastSuccess(MSG.subAccountAdded);
          onClose();
        },
        onError,
      },
    );
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑子账号' : '新增子账号'}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={460}
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark="optional"
        name="sub-account"
        preserve={false}
        initialValues={editing ? { name: editing.name, mobile: editing.mobile } : undefined}
      >
        {editing ? (
          // Not a field (the username never changes), so not under a label the form would mark （可选）.
          <Typography.Paragraph data-testid="sub-account-username">
            <UserOutlined style={{ marginInlineEnd: 6 }} />
            用户名：{editing.username}
          </Typography.Paragraph>
        ) : (
          <>
            <Form.Item name="username" label="用户名" rules={[usernameRule]} required>
              <Input
                prefix={<UserOutlined />}
                placeholder="6-16位，字母开头，字母和数字组合"
                autoComplete="off"
                maxLength={16}
              />
            </Form.Item>
            <PasswordPairFields names={['password', 'surepassword']} label="密码" labelled />
          </>
        )}
        <Form.Item name="name" label="联系人姓名" rules={[contactNameRule]} required>
          <Input placeholder="请输入联系人姓名" maxLength={20} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="mobile"
          label="手机号"
          rules={[optionalMobileRule]}
          extra="未填写手机号的子账号，首次登录时需先绑定手机号"
        >
          <Input
            prefix={<MobileOutlined />}
            placeholder="选填，11位手机号码"
            maxLength={11}
            inputMode="numeric"
            autoComplete="off"
          />
        </Form.Item>
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" htmlType="submit" loading={pending}>
            {editing ? '保存' : '确定'}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
