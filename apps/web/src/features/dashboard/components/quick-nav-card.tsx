// Quick navigation (docs/requirements.md §1): 14 entries with icons, the VIP mark below level 20, login/upgrade prompts.
import {
  AimOutlined,
  ApiOutlined,
  AuditOutlined,
  BellOutlined,
  CrownOutlined,
  IdcardOutlined,
  NotificationOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SendOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { Card } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useHref } from 'react-router';
import type { Access } from '../../../lib/access';
import {
  QUICK_NAV,
  type QuickNavEntry,
  type QuickNavIcon,
  quickNavAction,
  showsVipMark,
} from '../model/quick-nav';
import { isPlainClick, useNavAction } from './use-nav-action';

const ICONS: Record<QuickNavIcon, ReactNode> = {
  news: <NotificationOutlined />,
  publicity: <AuditOutlined />,
  customers: <TeamOutlined />,
  hightech: <SafetyCertificateOutlined />,
  subscriptions: <BellOutlined />,
  push: <SendOutlined />,
  exact: <AimOutlined />,
  fast: <ThunderboltOutlined />,
  score: <TrophyOutlined />,
  specialization: <RiseOutlined />,
  vip: <CrownOutlined />,
  api: <ApiOutlined />,
  account: <IdcardOutlined />,
  safe: <SafetyOutlined />,
};

function QuickNavItem({ entry, access }: { entry: QuickNavEntry; access: Access }) {
  const href = useHref(entry.to);
  const run = useNavAction();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Ctrl/Cmd-click opens a new tab as usual; the guard there decides.
    if (!isPlainClick(event)) return;
    event.preventDefault();
    void run(quickNavAction(entry, access));
  };
  const vip = showsVipMark(entry, access);
  return (
    <a href={href} onClick={onClick} className="uc-quick-nav-item" data-testid="quick-nav-item">
      <span
        className="uc-icon-tile uc-quick-nav-icon"
        style={{ color: entry.color, background: `${entry.color}14` }}
      >
        {ICONS[entry.key]}
        {vip && (
          <span className="uc-vip-mark" title="VIP会员功能">
            VIP
          </span>
        )}
      </span>
      <span className="uc-quick-nav-title">{entry.title}</span>
    </a>
  );
}

export function QuickNavCard({ access }: { access: Access }) {
  return (
    <Card title="快捷导航" className="uc-dash-card" data-testid="card-quick-nav">
      <nav aria-label="快捷导航" className="uc-quick-nav">
        {QUICK_NAV.map((entry) => (
          <QuickNavItem key={entry.key} entry={entry} access={access} />
        ))}
      </nav>
    </Card>
  );
}
