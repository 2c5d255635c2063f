// Whitelist of menu icon names (antd icon names in kebab/lower form) -> icon components.
import {
  AimOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BellOutlined,
  CrownOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GlobalOutlined,
  LinkOutlined,
  NotificationOutlined,
  RiseOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

const ICONS: Record<string, ComponentType> = {
  dashboard: DashboardOutlined,
  notification: NotificationOutlined,
  audit: AuditOutlined,
  team: TeamOutlined,
  bell: BellOutlined,
  aim: AimOutlined,
  trophy: TrophyOutlined,
  rise: RiseOutlined,
  crown: CrownOutlined,
  setting: SettingOutlined,
  global: GlobalOutlined,
  link: LinkOutlined,
  user: UserOutlined,
  safety: SafetyOutlined,
  shopping: ShoppingOutlined,
  'file-text': FileTextOutlined,
  tool: ToolOutlined,
  appstore: AppstoreOutlined,
  'customer-service': CustomerServiceOutlined,
};

/** Accepts 'dashboard', 'Dashboard', 'DashboardOutlined' or 'file_text'; unknown names get a default icon. */
export function menuIcon(name: string) {
  const key = name
    .trim()
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
  const Icon = ICONS[key] ?? AppstoreOutlined;
  return <Icon />;
}
