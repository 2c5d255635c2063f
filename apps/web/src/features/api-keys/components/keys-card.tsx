// 密钥: the member's keys (a table; cards on a phone), revoked ones greyed with 已撤销, 撤销 after a confirmation, and
// 创建密钥 while fewer than API_KEY_MAX are live; the key created is shown once.
import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { API_KEY_MAX, type ApiKey, type ApiKeyCreated, shanghaiMinute } from '@uc/shared';
import { Button, Card, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { IconTitle } from '../../../components/icon-title';
import { QueryRows } from '../../../components/query-rows';
import { reportFailure } from '../../../lib/http/report-failure';
import { confirmDialog, toastSuccess } from '../../../lib/ui/feedback';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/ui/use-media-query';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { CreateKeyDialog } from './create-key-dialog';
import { CreatedKeyDialog } from './created-key-dialog';

/** A key as the list shows it: its first characters, the rest hidden. */
const maskedKey = (prefix: string): string => `${prefix}••••`;

const ipText = (key: ApiKey) => (key.ip_allow.length > 0 ? key.ip_allow.join('、') : '不限');
const usedText = (key: ApiKey) => (key.last_used_at ? shanghaiMinute(key.last_used_at) : '从未使用');

/** A time in the table: the date above the minute, so the seven columns fit beside the menu. */
function TimeCell({ at }: { at: string | null }) {
  if (!at) return <>从未使用</>;
  const [date, minute] = shanghaiMinute(at).split(' ');
  return (
    <span className="uc-apikeys-time">
      {date}
      <br />
      {minute}
    </span>
  );
}

function StateTag({ apiKey }: { apiKey: ApiKey }) {
  return apiKey.revoked_at ? (
    <Tag color="default" variant="filled">
      已撤销
    </Tag>
  ) : (
    <Tag color="green" variant="filled">
      有效
    </Tag>
  );
}

function RevokeButton({ apiKey, userId }: { apiKey: ApiKey; userId: number }) {
  const revoke = useRevokeApiKey(userId);
  if (apiKey.revoked_at) return <Typography.Text type="secondary">—</Typography.Text>;
  const ask = () =>
    void confirmDialog({
      title: '撤销密钥',
      content: `确定撤销密钥「${apiKey.name}」吗？撤销后使用该密钥的调用将立即失败，且无法恢复。`,
      okText: '撤销',
      type: 'warning',
      onOk: () =>
        revoke.mutateAsync(apiKey.id).then(
          () => toastSuccess('密钥已撤销'),
          (error: unknown) => reportFailure(error, '撤销失败，请稍后重试'),
        ),
    });
  return (
    <Button
      type="link"
      size="small"
      danger
      loading={revoke.isPending}
      onClick={ask}
      aria-label={`撤销 ${apiKey.name}`}
    >
      撤销
    </Button>
  );
}

function KeyList({ keys, userId }: { keys: ApiKey[]; userId: number }) {
  const phone = useMediaQuery(PHONE_QUERY);
  if (phone) {
    return (
      <ul className="uc-apikeys-cards" aria-label="密钥列表">
        {keys.map((key) => (
          <li key={key.id} className={`uc-apikeys-item${key.revoked_at ? ' uc-apikeys-revoked' : ''}`}>
            <Flex justify="space-between" align="center" gap={8}>
              <Flex gap={8} align="center" wrap className="uc-apikeys-meta">
                <Typography.Text strong>{key.name}</Typography.Text>
                <StateTag apiKey={key} />
              </Flex>
              {!key.revoked_at && <RevokeButton apiKey={key} userId={userId} />}
            </Flex>
            <Typography.Text code className="uc-apikeys-break">
              {maskedKey(key.prefix)}
            </Typography.Text>
            <Typography.Text type="secondary" className="uc-apikeys-break">
              IP白名单：{ipText(key)}
            </Typography.Text>
            <Typography.Text type="secondary">创建时间：{shanghaiMinute(key.created_at)}</Typography.Text>
            <Typography.Text type="secondary">最近使用：{usedText(key)}</Typography.Text>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table<ApiKey>
      rowKey="id"
      dataSource={keys}
      size="middle"
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowClassName={(key) => (key.revoked_at ? 'uc-apikeys-revoked' : '')}
      columns={[
        { title: '名称', dataIndex: 'name', key: 'name' },
        {
          title: '密钥',
          dataIndex: 'prefix',
          key: 'prefix',
          render: (prefix: string) => <Typography.Text code>{maskedKey(prefix)}</Typography.Text>,
        },
        {
          title: 'IP白名单',
          key: 'ips',
          render: (_, key) =>
            key.ip_allow.length > 0 ? (
              <ul className="uc-apikeys-ips">
                {key.ip_allow.map((ip) => (
                  <li key={ip}>{ip}</li>
                ))}
              </ul>
            ) : (
              '不限'
            ),
        },
        {
          title: '创建时间',
          dataIndex: 'created_at',
          key: 'created',
          render: (at: string) => <TimeCell at={at} />,
        },
        {
          title: '最近使用',
          dataIndex: 'last_used_at',
          key: 'used',
          render: (at: string | null) => <TimeCell at={at} />,
        },
        { title: '状态', key: 'state', render: (_, key) => <StateTag apiKey={key} /> },
        { title: '操作', key: 'actions', render: (_, key) => <RevokeButton apiKey={key} userId={userId} /> },
      ]}
    />
  );
}

export function KeysCard({ userId }: { userId: number }) {
  const keys = useApiKeys(userId);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const live = keys.data?.filter((key) => !key.revoked_at).length ?? 0;
  const full = live >= API_KEY_MAX;

  return (
    <Card
      title={<IconTitle icon={<KeyOutlined />}>密钥</IconTitle>}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!keys.isSuccess || full}
          onClick={() => setCreating(true)}
        >
          创建密钥
        </Button>
      }
      className="uc-apikeys-card"
      data-testid="api-keys-card"
    >
      <Typography.Paragraph type="secondary" className="uc-apikeys-note">
        {full
          ? `已有 ${live} 个有效密钥，最多保留 ${API_KEY_MAX} 个，请先撤销不用的密钥。`
          : `有效密钥 ${live} / ${API_KEY_MAX} 个。密钥仅在创建时显示一次，调用时在请求头 Authorization 中携带。`}
      </Typography.Paragraph>
      <QueryRows
        query={keys}
        empty={
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无密钥，创建密钥后即可调用开放接口" />
        }
      >
        {(rows) => <KeyList keys={rows} userId={userId} />}
      </QueryRows>
      <CreateKeyDialog
        open={creating}
        userId={userId}
        onClose={() => setCreating(false)}
        onCreated={setCreated}
      />
      <CreatedKeyDialog created={created} onClose={() => setCreated(null)} />
    </Card>
  );
}
