// Header: logo and product name, sidebar trigger, avatar with name and the account dropdown.
import {
  CustomerServiceOutlined,
  DownOutlined,
  LoginOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  UserAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Layout, type MenuProps } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { Logo } from '../../components/logo';
import { MemberAvatar } from '../../components/member-avatar';
import { MessageBell } from '../../features/messages/components/message-bell';
import { HeaderSearch } from '../../features/search/components/header-search';
import { GUEST_NAME, useAuthStore } from '../../lib/session/auth-store';
import { logout } from '../../lib/session/session';
import { confirmDialog } from '../../lib/ui/feedback';
import { loginPath, paths } from '../../paths';

export interface AppHeaderProps {
  collapsed: boolean;
  onToggle: () => void;
  /** Phone layout: the button opens the menu drawer instead of widening the sider. */
  phone?: boolean;
  drawerOpen?: boolean;
}

export function AppHeader({ collapsed, onToggle, phone = false, drawerOpen = false }: AppHeaderProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const token = useAuthStore((s) => s.token);
  const name = useAuthStore((s) => s.name);
  const avatar = useAuthStore((s) => s.avatar);
  const loggedIn = Boolean(token);
  const displayName = name && loggedIn ? name : GUEST_NAME;

  const confirmLogout = async () => {
    const ok = await confirmDialog({ title: '提示', content: '确定注销并退出系统吗？', onOk: logout });
    if (ok) navigate(paths.login, { replace: true });
  };

  const items: MenuProps['items'] = loggedIn
    ? [
        {
          key: 'info',
          icon: <UserOutlined />,
          label: '账户信息',
          onClick: () => navigate(paths.accountInfo),
        },
        {
          key: 'safe',
          icon: <SafetyCertificateOutlined />,
          label: '账户安全',
          onClick: () => navigate(paths.accountSafe),
        },
        {
          key: 'tickets',
          icon: <CustomerServiceOutlined />,
          label: '我的工单',
          onClick: () => navigate(paths.ticketList),
        },
        { type: 'divider' },
        {
          key: 'logout',
          icon: <LogoutOutlined />,
          label: '退出登录',
          danger: true,
          onClick: () => void confirmLogout(),
        },
      ]
    : [
        {
          key: 'login',
          icon: <LoginOutlined />,
          label: '登录',
          onClick: () => navigate(loginPath(`${location.pathname}${location.search}`)),
        },
        {
          key: 'register',
          icon: <UserAddOutlined />,
          label: '免费注册',
          onClick: () => navigate(paths.register),
        },
      ];

  return (
    <Layout.Header className="uc-header">
      <Link to={paths.dashboard} className="uc-header-brand" aria-label="查策网 · 会员中心 首页">
        <Logo size={30} color="#1f1f1f" />
      </Link>
      {phone ? (
        <Button
          type="text"
          className="uc-header-trigger"
          icon={<MenuOutlined />}
          onClick={onToggle}
          aria-label="打开菜单"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          aria-controls="uc-menu-drawer"
        />
      ) : (
        <Button
          type="text"
          className="uc-header-trigger"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
          aria-label={collapsed ? '展开菜单' : '收起菜单'}
        />
      )}
      <div className="uc-header-spacer" />
      <HeaderSearch phone={phone} />
      <LinkButton
        type="text"
        className="uc-header-help"
        icon={<QuestionCircleOutlined />}
        to={paths.help}
        aria-label="帮助中心"
      >
        {phone ? null : '帮助中心'}
      </LinkButton>
      {loggedIn && <MessageBell />}
      {/* Inside the sticky header, so the menu stays under the name while the page scrolls. */}
      <Dropdown
        menu={{ items }}
        placement="bottomRight"
        trigger={['click', 'hover']}
        getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
      >
        {/* Named by the visible name first, so a voice user can say what they see. */}
        <button type="button" className="uc-header-user" aria-label={`${displayName} 账户菜单`}>
          <MemberAvatar
            size={32}
            src={avatar || undefined}
            alt=""
            icon={<UserOutlined />}
            style={{ background: '#1668dc' }}
          />
          <span className="uc-header-name" data-testid="header-user-name">
            {displayName}
          </span>
          <DownOutlined style={{ fontSize: 10, color: '#8c8c8c' }} />
        </button>
      </Dropdown>
    </Layout.Header>
  );
}
