// The three histories of 账户安全: the last 10 logins, the live sessions (each but this one can be ended) and the
// security history. Tables on a wide screen, lists on a phone.
import {
  type LoginEventItem,
  type LoginMethod,
  MSG,
  type SecurityEventItem,
  type SessionItem,
  shanghaiMinute,
} from '@uc/shared';
import { Button, Empty, List, Table, type TableColumnsType, type TableProps, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { confirmDialog, toastSuccess } from '../../../lib/ui/feedback';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/ui/use-media-query';
import { useEndSession } from '../api/end-session';
import { reportFailure } from '../model/failure';

const METHOD_TEXT: Record<LoginMethod, string> = {
  password: '账号密码',
  sms: '短信验证码',
  bind: '绑定手机登录',
};

const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;

function ResultTag({ success }: { success: boolean }) {
  return success ? (
    <Tag color="green" variant="filled">
      成功
    </Tag>
  ) : (
    <Tag color="red" variant="filled">
      失败
    </Tag>
  );
}

/**
 * A history row's text: its first line and its details. Not antd's List.Item.Meta, whose title is an h4: the rows
 * are no headings, and an h4 under the page's h1 skips two levels.
 */
function RowText({ title, detail }: { title: React.ReactNode; detail: React.ReactNode }) {
  return (
    <div className="uc-account-row-text">
      <div className="uc-account-row-title">{title}</div>
      {detail}
    </div>
  );
}

function Secondary({ children }: { children: React.ReactNode }) {
  return (
    <Typography.Text type="secondary" className="uc-account-small">
      {children}
    </Typography.Text>
  );
}

/** A history as a table on a wide screen and as a list of `item`s on a phone, both named `label`. */
function HistoryView<T extends object>({
  label,
  rows,
  rowKey,
  columns,
  item,
}: {
  label: string;
  rows: readonly T[];
  rowKey: TableProps<T>['rowKey'];
  columns: TableColumnsType<T>;
  item: (row: T) => ReactNode;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  if (phone) {
    return <List aria-label={label} dataSource={[...rows]} locale={{ emptyText: empty }} renderItem={item} />;
  }
  return (
    <Table<T>
      aria-label={label}
      rowKey={rowKey}
      columns={columns}
      dataSource={[...rows]}
      pagination={false}
      size="middle"
      locale={{ emptyText: empty }}
      scroll={{ x: 'max-content' }}
    />
  );
}

const loginColumns: TableColumnsType<LoginEventItem> = [
  { title: '登录时间', dataIndex: 'time', key: 'time', render: (time: string) => shanghaiMinute(time) },
  { title: 'IP地址', dataIndex: 'ip', key: 'ip' },
  { title: '设备', dataIndex: 'device', key: 'device', render: (device: string) => device || '未知设备' },
  {
    title: '登录方式',
    dataIndex: 'method',
    key: 'method',
    render: (method: LoginMethod) => METHOD_TEXT[method] ?? method,
  },
  {
    title: '结果',
    dataIndex: 'success',
    key: 'success',
    render: (success: boolean) => <ResultTag success={success} />,
  },
];

export function LoginEventList({ events }: { events: readonly LoginEventItem[] }) {
  return (
    <HistoryView<LoginEventItem>
      label="最近登录记录"
      rows={events}
      rowKey={(event) => `${event.time}-${event.ip}-${event.method}`}
      columns={loginColumns}
      item={(event) => (
        <List.Item extra={<ResultTag success={event.success} />}>
          <RowText
            title={shanghaiMinute(event.time)}
            detail={
              <Secondary>
                {event.ip} · {event.device || '未知设备'} · {METHOD_TEXT[event.method]}
              </Secondary>
            }
          />
        </List.Item>
      )}
    />
  );
}

function EndSessionButton({ session, userId }: { session: SessionItem; userId: number }) {
  const end = useEndSession(userId);
  const onClick = async () => {
    const ok = await confirmDialog({
      title: '退出该设备？',
      content: `${session.device || '未知设备'}（${session.ip}）将立即退出登录，需重新登录才能使用。`,
      okText: '退出',
      type: 'warning',
      onOk: () =>
        end.mutateAsync(session.jti).then(
          () => toastSuccess(MSG.sessionEnded),
          (error: unknown) => reportFailure(error),
        ),
    });
    return ok;
  };
  return (
    <Button
      size="small"
      danger
      loading={end.isPending}
      onClick={() => void onClick()}
      aria-label={`退出 ${session.device || '未知设备'} ${session.ip}`}
    >
      退出
    </Button>
  );
}

function SessionAction({ session, userId }: { session: SessionItem; userId: number }) {
  if (session.current) {
    return (
      <Tag color="blue" variant="filled">
        当前设备
      </Tag>
    );
  }
  return <EndSessionButton session={session} userId={userId} />;
}

export function SessionList({ sessions, userId }: { sessions: readonly SessionItem[]; userId: number }) {
  const columns: TableColumnsType<SessionItem> = [
    { title: '设备', dataIndex: 'device', key: 'device', render: (device: string) => device || '未知设备' },
    { title: 'IP地址', dataIndex: 'ip', key: 'ip' },
    {
      title: '登录时间',
      dataIndex: 'created_at',
      key: 'created',
      render: (time: string) => shanghaiMinute(time),
    },
    {
      title: '有效期至',
      dataIndex: 'expires_at',
      key: 'expires',
      render: (time: string) => shanghaiMinute(time),
    },
    {
      title: '操作',
      key: 'action',
      render: (_, session) => <SessionAction session={session} userId={userId} />,
    },
  ];
  return (
    <HistoryView<SessionItem>
      label="登录设备"
      rows={sessions}
      rowKey="jti"
      columns={columns}
      item={(session) => (
        <List.Item extra={<SessionAction session={session} userId={userId} />}>
          <RowText
            title={session.device || '未知设备'}
            detail={
              <Secondary>
                {session.ip} · 登录于 {shanghaiMinute(session.created_at)}
              </Secondary>
            }
          />
        </List.Item>
      )}
    />
  );
}

const subject = (event: SecurityEventItem) =>
  event.target ? `${event.actor} → ${event.target}` : event.actor;

const auditColumns: TableColumnsType<SecurityEventItem> = [
  { title: '时间', dataIndex: 'time', key: 'time', render: (time: string) => shanghaiMinute(time) },
  { title: '操作', dataIndex: 'label', key: 'label' },
  { title: '操作人', dataIndex: 'actor', key: 'actor' },
  {
    title: '子账号',
    dataIndex: 'target',
    key: 'target',
    render: (target: string) => target || '—',
  },
  { title: 'IP地址', dataIndex: 'ip', key: 'ip' },
];

export function AuditList({ events }: { events: readonly SecurityEventItem[] }) {
  return (
    <HistoryView<SecurityEventItem>
      label="安全记录"
      rows={events}
      rowKey={(event) => `${event.time}-${event.action}-${event.target}`}
      columns={auditColumns}
      item={(event) => (
        <List.Item>
          <RowText
            title={event.label}
            detail={
              <Secondary>
                {shanghaiMinute(event.time)} · {subject(event)} · {event.ip}
              </Secondary>
            }
          />
        </List.Item>
      )}
    />
  );
}
