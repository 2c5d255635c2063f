// A policy item's title as a link to its page (政策详情, /policy/detail?id=), in the app; used by every list of
// 申报通知, 公示公告 and 政策动态 (我的订阅, the dashboard, the match results, 申报日历), and by the rows that belong to
// one (a recommended project, a publicity entry), whose title is plain text when their notice is not known.
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

/** A title that may belong to a policy item (a project, a publicity entry): a link to it, else plain text. */
export function PolicyItemTitle({
  id,
  title,
  className,
}: {
  id: number | null;
  title: string;
  className?: string;
}) {
  if (id === null)
    return (
      <span className={className} title={title}>
        {title}
      </span>
    );
  return <PolicyItemLink id={id} title={title} className={className} />;
}
