// /503: protective limit after too many requests (docs/requirements.md §2, §8).
import { MSG } from '@uc/shared';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '../../paths';
import { ErrorShell } from './components/error-shell';

function canGoBack(): boolean {
  const state: unknown = window.history.state;
  const idx = typeof state === 'object' && state !== null ? (state as { idx?: unknown }).idx : undefined;
  return typeof idx === 'number' && idx > 0;
}

export function TooManyRequestsPage() {
  const navigate = useNavigate();
  return (
    <ErrorShell
      docTitle="访问受限"
      status="warning"
      title="503"
      subTitle={MSG.page503}
      extra={
        <Button type="primary" onClick={() => (canGoBack() ? navigate(-1) : navigate(paths.dashboard))}>
          返回
        </Button>
      }
    />
  );
}
