// The key just created, shown this once (the server keeps only its hash): copy it now, it cannot be seen again.
import { type ApiKeyCreated, MSG } from '@uc/shared';
import { Alert, Button, Flex, Modal, Typography } from 'antd';

export function CreatedKeyDialog({
  created,
  onClose,
}: {
  created: ApiKeyCreated | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={created !== null}
      title="密钥已创建"
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          我已保存
        </Button>
      }
    >
      {created && (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={MSG.apiKeyCreated} />
          <Typography.Text>
            密钥名称：<Typography.Text strong>{created.name}</Typography.Text>
          </Typography.Text>
          <Typography.Paragraph
            code
            className="uc-apikeys-secret"
            data-testid="created-key"
            copyable={{ text: created.key, tooltips: ['复制密钥', '已复制'] }}
          >
            {created.key}
          </Typography.Paragraph>
          <Typography.Text type="secondary">
            调用时在请求头中携带：Authorization: Bearer &lt;密钥&gt;
          </Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
