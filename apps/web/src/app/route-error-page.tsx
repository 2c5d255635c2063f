// Last-resort error screen for a route that failed to load or render (for instance a stale chunk after a
// release). Deliberately plain: it ships in the entry chunk.
import { WarningFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useRouteError } from 'react-router';

export function RouteErrorPage() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : '';
  return (
    <div role="alert" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24 }}>
      <div style={{ textAlign: 'center', maxWidth: 480 }}>
        <WarningFilled style={{ fontSize: 56, color: '#faad14' }} />
        <h1 style={{ fontSize: 22, fontWeight: 600, margin: '20px 0 8px' }}>页面加载失败</h1>
        <p style={{ color: '#666666', margin: '0 0 24px' }}>
          {detail || '网络不稳定或系统已更新，请刷新页面后重试'}
        </p>
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      </div>
    </div>
  );
}
