// /account/info (账户信息, from the avatar dropdown): the avatar with its upload, the contact name to edit, the company
// name (read-only), email and mobile as bound, and the membership.
import { EditOutlined } from '@ant-design/icons';
import { shanghaiDate, shanghaiMinute } from '@uc/shared';
import { Button, Card, Descriptions, type DescriptionsProps, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { LevelBadge } from '../../components/level-badge';
import { LinkButton } from '../../components/link-button';
import { LoadErrorResult } from '../../components/load-error-result';
import { useAccess } from '../../lib/access';
import { useCusInfo } from '../../lib/session/api/get-cus-info';
import { useAuthStore } from '../../lib/session/auth-store';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { paths } from '../../paths';
import { useProfile } from './api/get-profile';
import { AvatarUpload } from './components/avatar-upload';
import { ContactNameDialog } from './components/contact-name-dialog';
import './account.css';

/** Email and mobile change in 账户安全 (they need re-authentication). */
const safeLink = (text: string, what: string) => (
  <LinkButton
    type="link"
    size="small"
    to={paths.accountSafe}
    style={{ paddingInline: 4 }}
    aria-label={`${text === '修改' ? '修改' : '绑定'}${what}`}
  >
    {text}
  </LinkButton>
);

export function AccountInfoPage({ title }: { title?: string }) {
  useDocumentTitle(title || '账户信息');
  const userId = useAuthStore((s) => s.id);
  const profile = useProfile(userId);
  const cusInfo = useCusInfo(userId);
  const access = useAccess(cusInfo.data);
  const [editing, setEditing] = useState(false);
  const me = profile.data;

  if (profile.isPending) {
    return (
      <Card title={title || '账户信息'}>
        <Skeleton active avatar={{ size: 96 }} title={false} paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (profile.isError || !me) {
    return (
      <Card title={title || '账户信息'}>
        <LoadErrorResult error={profile.error} onRetry={() => void profile.refetch()} />
      </Card>
    );
  }

  const email = me.email_pending ? (
    <Space size={4} wrap>
      <span>{me.email || '未绑定'}</span>
      <Tag color="gold" variant="filled">
        待确认：{me.email_pending}
      </Tag>
    </Space>
  ) : (
    <Space size={4} wrap>
      <span>{me.email || '未绑定'}</span>
      {safeLink(me.email ? '修改' : '去绑定', '邮箱')}
    </Space>
  );

  const items: DescriptionsProps['items'] = [
    { key: 'username', label: '用户名', children: me.username },
    {
      key: 'name',
      label: '联系人',
      children: (
        <Space size={4} wrap>
          <span>{me.name || '未填写'}</span>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditing(true)}
            aria-label="修改联系人"
            style={{ paddingInline: 4 }}
          >
            修改
          </Button>
        </Space>
      ),
    },
    { key: 'company', label: '公司名称', children: me.company_name || '—' },
    { key: 'type', label: '账号类型', children: me.is_sub || access.isSub ? '子账号' : '主账号' },
    { key: 'email', label: '邮箱', children: email },
    {
      key: 'mobile',
      label: '手机号',
      children: (
        <Space size={4} wrap>
          <span>{me.mobile || '未绑定'}</span>
          {safeLink(me.mobile ? '修改' : '去绑定', '手机')}
        </Space>
      ),
    },
    {
      key: 'level',
      label: '会员等级',
      children: cusInfo.isPending ? '—' : <LevelBadge level={access.level} />,
    },
    {
      key: 'expiry',
      label: '到期时间',
      children: access.isTrial || !cusInfo.data?.expired_time ? '—' : shanghaiDate(cusInfo.data.expired_time),
    },
    { key: 'created', label: '注册时间', children: me.createTime ? shanghaiMinute(me.createTime) : '—' },
  ];

  return (
    <Card title={title || '账户信息'} className="uc-account" data-testid="account-info-page">
      <div className="uc-account-profile">
        <AvatarUpload userId={userId} avatar={me.avatar} />
        <div className="uc-account-profile-main">
          <Descriptions
            bordered
            column={{ xs: 1, md: 1, lg: 2 }}
            items={items}
            styles={{ label: { width: 110 } }}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
            如需修改公司名称等认证信息，请联系客服。
          </Typography.Paragraph>
        </div>
      </div>
      <ContactNameDialog open={editing} onClose={() => setEditing(false)} userId={userId} name={me.name} />
    </Card>
  );
}
