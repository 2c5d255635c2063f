// /account/safe (账户安全, from the avatar dropdown): the password, mobile and email as they are, the dialogs that change
// them, the last 10 logins, the live sessions (each but this one can be ended) and the security history.
import { LockOutlined, MailOutlined, MobileOutlined } from '@ant-design/icons';
import { type SecurityState, shanghaiMinute } from '@uc/shared';
import { Button, Card, Flex, Skeleton, Tabs, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { LoadErrorResult } from '../../components/load-error-result';
import { useAuthStore } from '../../lib/session/auth-store';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { securityQueryOptions, useSecurity } from './api/get-security';
import { ChangeMobileDialog } from './components/change-mobile-dialog';
import { ChangePasswordDialog } from './components/change-password-dialog';
import { EmailDialog } from './components/email-dialog';
import { AuditList, LoginEventList, SessionList } from './components/security-lists';
import './account.css';
import type { FirstQueries } from '../../lib/routing/lazy-page';

type DialogKind = 'password' | 'mobile' | 'email';

/**
 * The dialog open, and whether what it changes was bound when it opened: its title (修改 or 绑定) stays as it
 * was while the state behind it refreshes.
 */
interface OpenDialog {
  kind: DialogKind;
  bound: boolean;
}

function SafetyRow({
  icon,
  title,
  status,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  status: ReactNode;
  text: ReactNode;
  action: ReactNode;
}) {
  return (
    <div className="uc-account-safety-row">
      <span className="uc-account-safety-icon" aria-hidden="true">
        {icon}
      </span>
      <div className="uc-account-safety-text">
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong>{title}</Typography.Text>
          {status}
        </Flex>
        <Typography.Text type="secondary" className="uc-account-small">
          {text}
        </Typography.Text>
      </div>
      <div className="uc-account-safety-action">{action}</div>
    </div>
  );
}

const setTag = (text = '已设置') => (
  <Tag color="green" variant="filled">
    {text}
  </Tag>
);
const unsetTag = (text = '未绑定') => (
  <Tag color="orange" variant="filled">
    {text}
  </Tag>
);

function EmailStatus({ state }: { state: SecurityState }) {
  if (state.email_pending) {
    return (
      <Tag color="gold" variant="filled">
        待确认
      </Tag>
    );
  }
  return state.email ? setTag('已绑定') : unsetTag();
}

function emailText(state: SecurityState): ReactNode {
  if (state.email_pending) {
    return (
      <>
        确认邮件已发送至 {state.email_pending}，请打开邮件中的链接完成绑定
        {state.email ? `（当前邮箱：${state.email}）` : ''}
      </>
    );
  }
  return state.email ? `已绑定邮箱：${state.email}` : '绑定邮箱后可接收账号安全通知';
}

function SafetyRows({ state, onOpen }: { state: SecurityState; onOpen: (kind: DialogKind) => void }) {
  const hasEmail = Boolean(state.email || state.email_pending);
  return (
    <div>
      <SafetyRow
        icon={<LockOutlined />}
        title="登录密码"
        status={setTag()}
        text={
          state.password_changed_at
            ? `上次修改：${shanghaiMinute(state.password_changed_at)}`
            : '建议定期修改密码，密码至少 8 位并包含字母和数字'
        }
        action={
          <Button onClick={() => onOpen('password')} aria-label="修改登录密码">
            修改
          </Button>
        }
      />
      <SafetyRow
        icon={<MobileOutlined />}
        title="绑定手机"
        status={state.mobile ? setTag('已绑定') : unsetTag()}
        text={state.mobile ? `已绑定手机：${state.mobile}` : '绑定手机可用于免密登录和找回密码'}
        action={
          <Button
            type={state.mobile ? 'default' : 'primary'}
            onClick={() => onOpen('mobile')}
            aria-label={state.mobile ? '修改绑定手机' : '绑定手机'}
          >
            {state.mobile ? '修改' : '绑定'}
          </Button>
        }
      />
      <SafetyRow
        icon={<MailOutlined />}
        title="绑定邮箱"
        status={<EmailStatus state={state} />}
        text={emailText(state)}
        action={
          <Button
            type={hasEmail ? 'default' : 'primary'}
            onClick={() => onOpen('email')}
            aria-label={hasEmail ? '修改绑定邮箱' : '绑定邮箱'}
          >
            {hasEmail ? '修改' : '绑定'}
          </Button>
        }
      />
    </div>
  );
}

/** The security overview (answered inside the page). */
export const firstQueries: FirstQueries = (client, userId) => [
  client.prefetchQuery(securityQueryOptions(userId)),
];

export function AccountSafePage({ title }: { title?: string }) {
  useDocumentTitle(title || '账户安全');
  const userId = useAuthStore((s) => s.id);
  const username = useAuthStore((s) => s.name);
  const security = useSecurity(userId);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const state = security.data;
  const open = (kind: DialogKind) =>
    setDialog({
      kind,
      bound: kind === 'mobile' ? Boolean(state?.mobile) : Boolean(state?.email || state?.email_pending),
    });
  const close = () => setDialog(null);
  const reauth = {
    onClose: close,
    userId,
    captchaKey: username,
    mobile: state?.mobile ?? '',
    bound: dialog?.bound ?? false,
  };

  let body: ReactNode;
  if (security.isPending) body = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  else if (security.isError)
    body = <LoadErrorResult error={security.error} onRetry={() => void security.refetch()} />;
  else body = <SafetyRows state={security.data} onOpen={open} />;

  return (
    <Flex vertical gap={16} className="uc-account" data-testid="account-safe-page">
      <Card title={title || '账户安全'}>{body}</Card>
      {!security.isError && (
        <Card title="登录与操作记录">
          {state ? (
            <Tabs
              items={[
                {
                  key: 'logins',
                  label: '最近登录',
                  children: <LoginEventList events={state.login_events} />,
                },
                {
                  key: 'sessions',
                  label: `登录设备（${state.sessions.length}）`,
                  children: <SessionList sessions={state.sessions} userId={userId} />,
                },
                { key: 'audit', label: '安全记录', children: <AuditList events={state.audit} /> },
              ]}
            />
          ) : (
            <Skeleton active title={false} paragraph={{ rows: 5 }} />
          )}
        </Card>
      )}
      <ChangePasswordDialog open={dialog?.kind === 'password'} onClose={close} />
      <ChangeMobileDialog open={dialog?.kind === 'mobile'} {...reauth} />
      <EmailDialog open={dialog?.kind === 'email'} {...reauth} />
    </Flex>
  );
}
