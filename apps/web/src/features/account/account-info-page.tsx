// /account/info: the account's username, company and membership (reached from the avatar dropdown).
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, type DescriptionsProps, Skeleton, Typography } from 'antd';
import { LevelBadge } from '../../components/level-badge';
import { useAccess } from '../../lib/access';
import { useCusInfo } from '../../lib/session/api/get-cus-info';
import { useAuthStore } from '../../lib/session/auth-store';
import { dayjs } from '../../lib/ui/dayjs';

function formatTime(value: string | null | undefined, withTime = false): string {
  if (!value) return '—';
  const time = dayjs(value);
  return time.isValid() ? time.format(withTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD') : value;
}

export function AccountInfoPage({ title }: { title?: string }) {
  const user = useAuthStore();
  const cusInfo = useCusInfo(user.id, Boolean(user.token));
  const info = cusInfo.data;
  const access = useAccess(info);

  const items: DescriptionsProps['items'] = [
    { key: 'username', label: '用户名', children: user.name || '—' },
    {
      key: 'company',
      label: '公司名称',
      children: info?.company_name || '—',
    },
    { key: 'email', label: '邮箱', children: user.email || '未绑定' },
    {
      key: 'type',
      label: '账号类型',
      children: access.isSub ? '子账号' : '主账号',
    },
    { key: 'level', label: '会员等级', children: <LevelBadge level={access.level} /> },
    {
      key: 'expiry',
      label: '到期时间',
      children: access.isTrial ? '—' : formatTime(info?.expired_time),
    },
    { key: 'created', label: '注册时间', children: formatTime(user.createTime, true) },
  ];

  return (
    <Card title={title || '账户信息'}>
      {cusInfo.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      ) : (
        <>
          {cusInfo.isError && (
            <Alert
              type="warning"
              showIcon
              title="公司与会员信息加载失败"
              style={{ marginBottom: 16 }}
              action={
                <Button size="small" icon={<ReloadOutlined />} onClick={() => void cusInfo.refetch()}>
                  重试
                </Button>
              }
            />
          )}
          <Descriptions bordered column={{ xs: 1, md: 2 }} items={items} styles={{ label: { width: 140 } }} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
            如需修改公司名称等认证信息，请联系客服。
          </Typography.Paragraph>
        </>
      )}
    </Card>
  );
}
