// The states every dashboard card shares: loading skeleton, error with retry, and the visitor's login prompt.
import { LockOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LinkButton } from '../../../components/link-button';
import { errorText } from '../../../lib/http/api-error';
import { loginPath, paths } from '../../../paths';

function StateBox({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="uc-dash-state">
      <span className="uc-dash-state-icon" aria-hidden="true">
        {icon}
      </span>
      {children}
    </div>
  );
}

/** Shown to visitors instead of data that needs a login. */
export function LoginPrompt({ what }: { what: string }) {
  return (
    <StateBox icon={<LockOutlined />}>
      <Typography.Text type="secondary">登录后查看{what}</Typography.Text>
      <LinkButton type="primary" size="small" to={loginPath(paths.dashboard)}>
        立即登录
      </LinkButton>
    </StateBox>
  );
}

export function CardError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <StateBox icon={<WarningOutlined style={{ color: '#faad14' }} />}>
      <Typography.Text type="secondary">{errorText(error, '数据加载失败')}</Typography.Text>
      <Button size="small" icon={<ReloadOutlined />} onClick={onRetry}>
        重试
      </Button>
    </StateBox>
  );
}

export interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  loggedIn: boolean;
  /** What the visitor would see after logging in ('客户统计'). */
  what: string;
  /** Skeleton rows while loading. */
  rows?: number;
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * One card's data: the login prompt for visitors, a skeleton while loading, an error with retry, or the data. The
 * skeletons are still, not shimmering: a card still loading after the server's drawing would otherwise repaint the
 * whole page every frame while the phone hydrates it (the same choice as the charts' placeholders).
 */
export function QueryView<T>({ query, loggedIn, what, rows = 3, skeleton, children }: QueryViewProps<T>) {
  if (!loggedIn) return <LoginPrompt what={what} />;
  if (query.isPending) return skeleton ?? <Skeleton title={false} paragraph={{ rows }} />;
  if (query.isError) return <CardError error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
