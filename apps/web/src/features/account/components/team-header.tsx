// The head of 子账号管理: the main account (from the architecture) and the sub-accounts in use against the plan's limit.
import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { type ArchitectureNode, MSG, MSG_WITH, type SubAccountCount } from '@uc/shared';
import { Button, Card, Flex, Progress, Skeleton, Tooltip, Typography } from 'antd';

/** Why a new sub-account cannot be added now, or null when it can. */
export function addBlockedReason(count: SubAccountCount | undefined): string | null {
  if (!count) return null;
  if (count.limit <= 0) return MSG.subAccountNotAllowed;
  if (count.count >= count.limit) return MSG_WITH.subAccountLimit(count.limit);
  return null;
}

export function TeamHeader({
  main,
  count,
  loading,
  onAdd,
}: {
  main: ArchitectureNode | undefined;
  count: SubAccountCount | undefined;
  loading: boolean;
  onAdd: () => void;
}) {
  const blocked = addBlockedReason(count);
  const percent = count && count.limit > 0 ? Math.round((count.count / count.limit) * 100) : 0;
  return (
    <Card>
      {loading ? (
        <Skeleton active avatar title={false} paragraph={{ rows: 2 }} />
      ) : (
        <div className="uc-account-team-head">
          <Flex gap={16} align="center" style={{ minWidth: 0 }}>
            <span className="uc-account-safety-icon" aria-hidden="true">
              <TeamOutlined />
            </span>
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text type="secondary" className="uc-account-small">
                主账号
              </Typography.Text>
              <Typography.Text strong className="uc-account-break" data-testid="team-main-account">
                {main ? `${main.username}${main.name ? `（${main.name}）` : ''}` : '—'}
              </Typography.Text>
              <Typography.Text type="secondary" className="uc-account-small uc-account-break">
                {main?.company_name || ''}
              </Typography.Text>
            </Flex>
          </Flex>
          <Flex vertical gap={4} className="uc-account-team-quota">
            <Typography.Text type="secondary" className="uc-account-small">
              子账号数量
            </Typography.Text>
            <Typography.Text strong data-testid="team-count">
              {count ? `${count.count} / ${count.limit}` : '—'}
            </Typography.Text>
            <Progress
              percent={percent}
              showInfo={false}
              size="small"
              status={blocked ? 'exception' : 'normal'}
              aria-label="子账号数量占用"
            />
          </Flex>
          <Flex vertical gap={4} align="flex-end" style={{ maxWidth: 320 }}>
            <Tooltip title={blocked ?? undefined}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={Boolean(blocked) || !count}
                onClick={onAdd}
              >
                新增子账号
              </Button>
            </Tooltip>
            {blocked && (
              <Typography.Text type="secondary" className="uc-account-small" data-testid="team-add-blocked">
                {blocked}
              </Typography.Text>
            )}
          </Flex>
        </div>
      )}
    </Card>
  );
}
