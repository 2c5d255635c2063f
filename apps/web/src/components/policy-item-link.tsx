// A policy item's title as a link to its page (政策详情, /policy/detail?id=), in the app; used by every list of
// 申报通知, 公示公告 and 政策动态 (我的订阅, the dashboard, the match results, 申报日历).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { policyDetailPath } from '../paths';

export function PolicyItemLink({
  id,
  title,
  className,
  children,
}: {
  id: number;
  title: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Link
      to={policyDetailPath(id)}
      className={className ? `uc-item-link ${className}` : 'uc-item-link'}
      title={title}
    >
      {children ?? title}
    </Link>
  );
}
