// Dashboard header card: company name, membership badge, the expiry warning and renewal (docs/requirements.md §1, §4).
import { ClockCircleOutlined, CrownOutlined, ReloadOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Card, Flex, Skeleton, Space, Tag, Typography } from 'antd';
import { LevelBadge } from '../../../components/level-badge';
import { LinkButton } from '../../../components/link-button';
import { MemberAvatar } from '../../../components/member-avatar';
import { useAccess } from '../../../lib/access';
import { canRenew, renewTarget } from '../../../lib/renewal';
import { useCusInfo } from '../../../lib/session/api/get-cus-info';
import { useAuthStore } from '../../../lib/session/auth-store';
import { loginPath, paths } from '../../../paths';
import { type ExpiryState, expiryState } from '../model/membership';

/** The card's name is the page's first heading under the (hidden) h1, drawn at the size of an h4. */
const HERO_TITLE = { margin: 0, fontSize: 20, lineHeight: 1.4 } as const;

function VisitorCard() {
  return (
    <Card className="uc-dash-hero">
      <Flex align="center" gap={20} wrap>
        <Avatar size={64} icon={<UserOutlined />} style={{ background: '#bfbfbf', flex: 'none' }} />
        <div style={{ flex: 1, minWidth: 220 }}>
          <Flex align="center" gap={10} wrap>
            <Typography.Title level={2} style={HERO_TITLE}>
              游客
            </Typography.Title>
            <LevelBadge level={0} />
          </Flex>
          <Typography.Text type="secondary">
            登录后即可查看企业专属的客户统计、政策匹配、申报通知与资助公示
          </Typography.Text>
        </div>
        <Space size={12} wrap>
          <LinkButton type="primary" size="large" to={loginPath(paths.dashboard)}>
            登录
          </LinkButton>
          <LinkButton size="large" to={paths.register}>
            免费注册
          </LinkButton>
        </Space>
      </Flex>
    </Card>
  );
}

function ExpiryText({ expiry }: { expiry: ExpiryState }) {
  return (
    <Typography.Text type={expiry.urgent ? 'danger' : 'secondary'} data-testid="expiry-warning">
      <ClockCircleOutlined style={{ marginInlineEnd: 6 }} />
      会员有效期至 {expiry.date}
      {expiry.expired ? '（已过期）' : `（剩余 ${expiry.daysLeft} 天）`}
    </Typography.Text>
  );
}

export function MemberCard() {
  const token = useAuthStore((s) => s.token);
  const userId = useAuthStore((s) => s.id);
  const name = useAuthStore((s) => s.name);
  const avatar = useAuthStore((s) => s.avatar);
  const cusInfo = useCusInfo(userId, Boolean(token));
  const access = useAccess(cusInfo.data);

  if (!token) return <VisitorCard />;

  if (cusInfo.isPending) {
    return (
      <Card className="uc-dash-hero">
        <Skeleton avatar={{ size: 64 }} title={false} paragraph={{ rows: 2 }} />
      </Card>
    );
  }

  if (cusInfo.isError) {
    return (
      <Card className="uc-dash-hero">
        <Alert
          type="error"
          showIcon
          title="会员信息加载失败"
          description="网络不稳定或服务暂时不可用，请稍后重试。"
          action={
            <Button icon={<ReloadOutlined />} onClick={() => void cusInfo.refetch()}>
              重试
            </Button>
          }
        />
      </Card>
    );
  }

  const info = cusInfo.data;
  const { level } = access;
  const company = info.company_name || name;
  // Sub-accounts see no package details (docs/requirements.md §1): no expiry, no renewal, no upgrade.
  const expiry = access.canSeePackages ? expiryState(level, info.expired_time) : null;
  const renew = { isSub: access.isSub, gid: info.gid, level };
  return (
    <Card className="uc-dash-hero">
      <Flex align="center" gap={20} wrap>
        <MemberAvatar
          size={64}
          src={avatar || undefined}
          alt=""
          style={{ background: '#1668dc', fontSize: 26, flex: 'none' }}
        >
          {company.slice(0, 1)}
        </MemberAvatar>
        <div style={{ flex: 1, minWidth: 240 }}>
          <Flex align="center" gap={10} wrap>
            <Typography.Title level={2} style={HERO_TITLE} data-testid="company-name">
              {company}
            </Typography.Title>
            <LevelBadge level={level} />
            {access.isSub && <Tag color="blue">子账号</Tag>}
          </Flex>
          <Space size={16} wrap style={{ marginTop: 8 }}>
            <Typography.Text type="secondary">
              <UserOutlined style={{ marginInlineEnd: 6 }} />
              账号：{name}
            </Typography.Text>
            {expiry && <ExpiryText expiry={expiry} />}
          </Space>
        </div>
        <Space size={12} wrap>
          {canRenew(renew) && (
            <LinkButton
              type={expiry?.urgent ? 'primary' : 'default'}
              icon={<CrownOutlined />}
              to={renewTarget(renew)}
            >
              立即续费
            </LinkButton>
          )}
          {access.canSeePackages && !access.isVip && (
            <LinkButton type="primary" icon={<CrownOutlined />} to={paths.vip}>
              升级会员
            </LinkButton>
          )}
        </Space>
      </Flex>
      {expiry?.urgent && (
        <Alert
          className="uc-dash-expiry-alert"
          type={expiry.expired ? 'error' : 'warning'}
          showIcon
          title={
            expiry.expired
              ? '您的会员已过期，续费后即可继续使用会员功能'
              : `您的会员将在 ${expiry.daysLeft} 天后到期，请及时续费，以免影响使用`
          }
        />
      )}
    </Card>
  );
}
