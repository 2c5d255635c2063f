// 修改联系人: the account's contact name (the company name is read-only).
import { MSG } from '@uc/shared';
import { Button, Flex, Form, Input, Modal } from 'antd';
import { toastSuccess } from '../../../lib/ui/feedback';
import { useUpdateUser } from '../api/update-user';
import { showFieldFailure } from '../model/failure';
import { contactNameRule } from '../model/rules';

export function ContactNameDialog({
  open,
  onClose,
  userId,
  name,
}: {
  open: boolean;
  onClose: () => void;
  userId: number;
  name: string;
}) {
  const [form] = Form.useForm<{ name: string }>();
  const update = useUpdateUser(userId);
  const submit = (values: { name: string }) =>
    update.mutate(
      { name: values.name.trim() },
      {
        onSuccess: () => {
          toastSuccess(MSG.saved);
          onClose();
        },
        onError: (error) => showFieldFailure(form, 'name', error),
      },
    );
  return (
    <Modal open={open} title="修改联系人" onCancel={onClose} footer={null} destroyOnHidden width={420}>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        name="contact-name"
        initialValues={{ name }}
      >
        <Form.Item name="name" label="联系人姓名" rules={[contactNameRule]}>
          <Input placeholder="请输入联系人姓名" maxLength={20} showCount autoComplete="name" />
        </Form.Item>
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            保存
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
