// 创建密钥: a name and the addresses allowed to call with the key (one a line, none: from anywhere), checked with the
// shared rules; the key created is handed to the page, which shows it this once.
import { API_KEY_IPS_MAX, type ApiKeyCreated } from '@uc/shared';
import { Form, Input, Typography } from 'antd';
import { FormDialog } from '../../../components/form-dialog';
import { reportFailure } from '../../../lib/http/report-failure';
import { useCreateApiKey } from '../api/create-api-key';
import { ipAllowRule, type KeyFormValues, keyBodyOf, keyNameRule } from '../model/key-form';

export function CreateKeyDialog({
  userId,
  onCreated,
  ...dialog
}: {
  open: boolean;
  userId: number;
  onClose: () => void;
  onCreated: (key: ApiKeyCreated) => void;
}) {
  const [form] = Form.useForm<KeyFormValues>();
  const create = useCreateApiKey(userId);
  const submit = (values: KeyFormValues) =>
    create.mutate(keyBodyOf(values), {
      onSuccess: (key) => {
        dialog.onClose();
        form.resetFields();
        onCreated(key);
      },
      onError: (error) => reportFailure(error, '创建失败，请稍后重试'),
    });
  return (
    <FormDialog {...dialog} title="创建密钥" okText="创建" form={form} pending={create.isPending}>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name="api-key">
        <Form.Item name="name" label="名称" rules={[keyNameRule]}>
          <Input maxLength={30} showCount autoComplete="off" placeholder="如：官网政策查询" />
        </Form.Item>
        <Form.Item
          name="ips"
          label="IP白名单"
          rules={[ipAllowRule]}
          extra={`每行一个IPv4或IPv6地址，最多${API_KEY_IPS_MAX}个；留空表示不限来源`}
        >
          <Input.TextArea rows={4} autoComplete="off" placeholder={'203.0.113.10\n2001:db8::1'} />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary" className="uc-apikeys-note">
        密钥创建后仅显示一次，请妥善保存；泄露后请立即撤销。
      </Typography.Paragraph>
    </FormDialog>
  );
}
