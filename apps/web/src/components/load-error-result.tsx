// A list or page whose data failed to load: the reason and a retry button.
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { errorText } from '../lib/http/api-error';

export function LoadErrorResult({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={errorText(error, '数据加载失败')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}
