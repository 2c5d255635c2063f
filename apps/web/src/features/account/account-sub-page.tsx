// /account/sub (子账号管理, main accounts only): the main account and the sub-accounts in use against the plan's limit,
// the sub-accounts searched by name and paged on the server, and adding, editing, enabling / disabling, resetting
// the password of and deleting them. A sub-account never gets here (menu and guard); if it does, it is told why.
import { MSG, type SubAccountItem, shanghaiMinute } from '@uc/shared';
import { Card, Empty, Flex, Input, Result, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { RowsTable, UrlPagedList } from '../../components/url-paged-list';
import { FIRST_PAGE, useUrlPagination } from '../../components/url-pagination';
import { useAccess } from '../../lib/access';
import { cusInfoQueryOptions, useCusInfo } from '../../lib/session/api/get-cus-info';
import { useAuthStore } from '../../lib/session/auth-store';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { PHONE_QUERY, useMediaQuery } from '../../lib/ui/use-media-query';
import { architectureQueryOptions, useArchitecture } from './api/get-architecture';
import { userCountQueryOptions, useUserCount } from './api/get-user-count';
import { userListQueryOptions, useUserList } from './api/get-user-list';
import { SubAccountActions } from './components/sub-account-actions';
import { SubAccountFormDialog } from './components/sub-account-form-dialog';
import { SubPasswordDialog } from './components/sub-password-dialog';
import { TeamHeader } from './components/team-header';
import { maskMobile } from './model/mask';
import './account.css';
import type { FirstQueries } from '../../lib/routing/lazy-page';

function StatusTag({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <Tag color="green" variant="filled">
      正常
    </Tag>
  ) : (
    <Tag color="default" variant="filled">
      已禁用
    </Tag>
  );
}

const lastLogin = (at: string | null) => (at ? shanghaiMinute(at) : '从未登录');

interface Handlers {
  userId: number;
  onEdit: (account: SubAccountItem) => void;
  onResetPassword: (account: SubAccountItem) => void;
}

function SubAccountCards({ accounts, ...handlers }: { accounts: readonly SubAccountItem[] } & Handlers) {
  return (
    <ul className="uc-account-cards" aria-label="子账号列表">
      {accounts.map((account) => (
        <li key={account.id} className="uc-account-card">
          <Flex justify="space-between" align="center" gap={8}>
            <Typography.Text strong className="uc-account-break">
              {account.name || account.username}
            </Typography.Text>
            <StatusTag enabled={account.enabled} />
          </Flex>
          <Typography.Text type="secondary" className="uc-account-small uc-account-break">
            用户名：{account.username}
          </Typography.Text>
          <Typography.Text type="secondary" className="uc-account-small">
            手机号：{account.mobile ? maskMobile(account.mobile) : '—'}
          </Typography.Text>
          <Typography.Text type="secondary" className="uc-account-small">
            创建时间：{shanghaiMinute(account.createTime)}
          </Typography.Text>
          <Typography.Text type="secondary" className="uc-account-small">
            最近登录：{lastLogin(account.last_login)}
          </Typography.Text>
          <SubAccountActions account={account} {...handlers} />
        </li>
      ))}
    </ul>
  );
}

/** The member, the first page of sub-accounts, their count and the structure (answered inside the page). */
export const firstQueries: FirstQueries = (client, userId) => [
  client.prefetchQuery(cusInfoQueryOptions(userId)),
  client.prefetchQuery(userListQueryOptions(userId, FIRST_PAGE)),
  client.prefetchQuery(userCountQueryOptions(userId)),
  client.prefetchQuery(architectureQueryOptions(userId)),
];

export function AccountSubPage({ title }: { title?: string }) {
  useDocumentTitle(title || '子账号管理');
  const userId = useAuthStore((s) => s.id);
  const cusInfo = useCusInfo(userId);
  const access = useAccess(cusInfo.data);
  const phone = useMediaQuery(PHONE_QUERY);
  const [search, setSearch] = useSearchParams();
  const name = search.get('name')?.trim() ?? '';
  const pager = useUrlPagination();
  const main = !access.isSub;
  const list = useUserList(userId, { page: pager.page, size: pager.size, ...(name ? { name } : {}) }, main);
  const count = useUserCount(userId, main);
  const architecture = useArchitecture(userId, main);
  const [form, setForm] = useState<{ open: boolean; editing: SubAccountItem | null }>({
    open: false,
    editing: null,
  });
  const [resetting, setResetting] = useState<SubAccountItem | null>(null);

  if (access.isSub) {
    return (
      <Card>
        <Result status="403" title="子账号无权限" subTitle={MSG.subAccountOnlyMain} />
      </Card>
    );
  }

  const handlers: Handlers = {
    userId,
    onEdit: (account) => setForm({ open: true, editing: account }),
    onResetPassword: setResetting,
  };

  const onSearch = (value: string) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (value.trim()) next.set('name', value.trim());
      else next.delete('name');
      next.set('page', '1');
      return next;
    });

  const columns: TableColumnsType<SubAccountItem> = [
    { title: '联系人', dataIndex: 'name', key: 'name', render: (text: string) => text || '—' },
    { title: '用户名', dataIndex: 'username', key: 'username' },
    {
      title: '手机号',
      dataIndex: 'mobile',
      key: 'mobile',
      render: (mobile: string) => (mobile ? maskMobile(mobile) : '—'),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      key: 'enabled',
      render: (enabled: boolean) => <StatusTag enabled={enabled} />,
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      key: 'created',
      render: (at: string) => shanghaiMinute(at),
    },
    {
      title: '最近登录',
      dataIndex: 'last_login',
      key: 'last',
      render: (at: string | null) => lastLogin(at),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, account) => <SubAccountActions account={account} {...handlers} />,
    },
  ];

  return (
    <Flex vertical gap={16} className="uc-account" data-testid="account-sub-page">
      <TeamHeader
        main={architecture.data}
        count={count.data}
        loading={count.isPending || architecture.isPending}
        onAdd={() => setForm({ open: true, editing: null })}
      />
      <Card title={title || '子账号管理'}>
        <div className="uc-account-toolbar">
          <Input.Search
            key={name}
            defaultValue={name}
            placeholder="搜索用户名或联系人"
            aria-label="搜索子账号"
            allowClear
            enterButton="搜索"
            onSearch={onSearch}
            style={{ maxWidth: 360 }}
          />
        </div>
        <UrlPagedList
          query={list}
          pager={pager}
          skeletonRows={6}
          empty={<Empty description="暂无数据" style={{ padding: '40px 0' }} />}
        >
          {(rows) =>
            phone ? (
              <SubAccountCards accounts={rows} {...handlers} />
            ) : (
              <RowsTable<SubAccountItem>
                rowKey="id"
                columns={columns}
                rows={rows}
                label="子账号列表"
                scrollX="max-content"
              />
            )
          }
        </UrlPagedList>
      </Card>
      <SubAccountFormDialog
        open={form.open}
        editing={form.editing}
        userId={userId}
        onClose={() => setForm({ open: false, editing: null })}
      />
      <SubPasswordDialog account={resetting} userId={userId} onClose={() => setResetting(null)} />
    </Flex>
  );
}
