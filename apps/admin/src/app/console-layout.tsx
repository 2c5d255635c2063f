// The signed-in frame: the side menu of the sections the role may open, the header with who is signed in.
import {
  ApiOutlined,
  AuditOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { STAFF_ROLE_NAME } from '@uc/shared';
import { Button, Layout, Menu, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LOGIN_PATH } from '../lib/paths';
import { signOut, useSession } from '../lib/session';
import { sectionsFor } from './sections';

const ICONS: Record<string, ReactNode> = {
  overview: <DashboardOutlined />,
  orders: <ShoppingCartOutlined />,
  members: <TeamOutlined />,
  content: <ReadOutlined />,
  cards: <CreditCardOutlined />,
  invoices: <FileTextOutlined />,
  tickets: <CustomerServiceOutlined />,
  help: <QuestionCircleOutlined />,
  api: <ApiOutlined />,
  audit: <AuditOutlined />,
};

export function ConsoleLayout() {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  // Below antd's md breakpoint (a phone) the menu shrinks to its icons, leaving the width to the page.
  const [narrow, setNarrow] = useState(false);
  if (!session) return null;
  const sections = sectionsFor(session.permissions);
  const current = location.pathname.split('/')[1] ?? '';

  const logout = async () => {
    try {
      await signOut();
    } finally {
      queryClient.clear();
      navigate(LOGIN_PATH, { replace: true });
    }
  };

  return (
    <Layout className="uc-admin-layout">
      <Layout.Sider
        width={208}
        theme="dark"
        className="uc-admin-sider"
        breakpoint="md"
        collapsed={narrow}
        onBreakpoint={setNarrow}
        trigger={null}
      >
        <div className="uc-admin-brand">{narrow ? '运营' : '运营后台'}</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[current]}
          items={sections.map((s) => ({ key: s.path, icon: ICONS[s.path], label: s.label }))}
          onClick={({ key }) => navigate(`/${key}`)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="uc-admin-header">
          <Space size="middle">
            {/* On a phone the name gives way to the role and 退出登录 (it wrapped into the content). */}
            {!narrow && <UserOutlined />}
            {!narrow && <Typography.Text strong>{session.username}</Typography.Text>}
            <Tag color="blue" title={session.username}>
              {STAFF_ROLE_NAME[session.role]}
            </Tag>
            <Button type="text" icon={<LogoutOutlined />} onClick={logout}>
              退出登录
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="uc-admin-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
