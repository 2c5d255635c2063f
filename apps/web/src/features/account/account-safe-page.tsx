// /account/safe: password, mobile and email settings; the change dialogs arrive in a later release.
import { LockOutlined, MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useAuthStore } from '../../lib/session/auth-store';

function maskEmail(email: string): string {
  const [name = '', domain] = email.split('@');
  if (!domain) return email;
  return `${name.slice(0, 2)}***@${domain}`;
}

function SafetyRow({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Flex align="center" gap={16} style={{ padding: '18px 4px', borderBottom: '1px solid #f0f0f0' }}>
      <span
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 40,
          height: 40,
          borderRadius: 10,
          background: '#f0f5ff',
          color: '#1668dc',
          fontSize: 18,
          flex: 'none',
        }}
      >
        {icon}
      </span>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong>{title}</Typography.Text>
        <br />
        <Typography.Text type="secondary">{text}</Typography.Text>
      </div>
      <Tooltip title="即将开放">
        <Button disabled aria-label={`修改${title}`}>
          修改
        </Button>
      </Tooltip>
    </Flex>
  );
}

export function AccountSafePage({ title }: { title?: string }) {
  const email = useAuthStore((s) => s.email);
  return (
    <Card title={title || '账户安全'}>
      <SafetyRow
        icon={<LockOutlined />}
        title="登录密码"
        text="建议定期修改密码，密码至少 8 位并包含字母和数字"
      />
      <SafetyRow icon={<MobileOutlined />} title="绑定手机" text="绑定手机可用于免密登录和找回密码" />
      <SafetyRow
        icon={<MailOutlined />}
        title="绑定邮箱"
        text={email ? `已绑定邮箱：${maskEmail(email)}` : '未绑定邮箱'}
      />
    </Card>
  );
}
