// /tools/mine (我的工具): every tool of the catalogue with how the member has it — included in its plan (until the
// plan's expiry), by usage credits (how many are left, until when), or not yet. 打开 shows an external tool in the
// layout's iframe area with a fresh launch ticket, and a policy tool in place. 购买次数 opens the order page of a
// tool's credit packs, and a paid order of them comes back here (?paid=tool) with the credits read afresh. A
// sub-account sees its main account's tools; only a main account is offered the upgrade and the credits.
import { AppstoreOutlined, ExportOutlined, RightOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { type MyTool, shanghaiDate } from '@uc/shared';
import { Alert, Button, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { IconTitle } from '../../components/icon-title';
import { LinkButton } from '../../components/link-button';
import { LoadErrorResult } from '../../components/load-error-result';
import { useAccess } from '../../lib/access';
import { errorText } from '../../lib/http/api-error';
import type { FirstQueries } from '../../lib/routing/lazy-page';
import { toolFramePath } from '../../lib/routing/redirect';
import { useAuthStore } from '../../lib/session/auth-store';
import { myToolsKey, myToolsQueryOptions, useMyTools } from '../../lib/tools/get-my-tools';
import { getToolLaunch } from '../../lib/tools/get-tool-launch';
import { toastError } from '../../lib/ui/feedback';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { usePending } from '../../lib/ui/use-pending';
import { creditOrderPath, paths } from '../../paths';
import './tools.css';

export const firstQueries: FirstQueries = (client, userId) => [
  client.prefetchQuery(myToolsQueryOptions(userId)),
];

/** How the member has the tool, as a tag. */
function SourceTag({ tool }: { tool: MyTool }) {
  if (tool.source === 'plan') return <Tag color="success">套餐包含</Tag>;
  if (tool.source === 'credits') return <Tag color="processing">按次使用</Tag>;
  return <Tag>未开通</Tag>;
}

/** The line under the description: until when, and how many uses are left. */
function Holding({ tool }: { tool: MyTool }) {
  const until = tool.expires_at ? shanghaiDate(tool.expires_at) : null;
  if (tool.source === 'plan') {
    return <Typography.Text type="secondary">{until ? `有效期至 ${until}` : '长期有效'}</Typography.Text>;
  }
  if (tool.source === 'credits') {
    return (
      <Typography.Text type="secondary">
        剩余 <Typography.Text strong>{tool.credits}</Typography.Text> 次
        {until ? `，最早一批 ${until} 到期` : ''}
      </Typography.Text>
    );
  }
  return <Typography.Text type="secondary">升级会员后可用</Typography.Text>;
}

function ToolCard({ tool, canBuy }: { tool: MyTool; canBuy: boolean }) {
  const navigate = useNavigate();
  const [opening, run] = usePending();
  const held = tool.source !== null;

  const open = () =>
    run(async () => {
      if (tool.kind === 'policy') {
        if (tool.path) navigate(tool.path);
        return;
      }
      try {
        const { url } = await getToolLaunch(tool.code);
        navigate(toolFramePath(url));
      } catch (error) {
        toastError(errorText(error, '工具打开失败，请稍后重试'));
      }
    });

  return (
    <Card className="uc-my-tool" data-testid={`my-tool-${tool.code}`}>
      <Flex vertical gap={8} style={{ height: '100%' }}>
        <Flex align="center" justify="space-between" gap={8}>
          <Typography.Title level={2} className="uc-my-tool-name">
            {tool.name}
          </Typography.Title>
          <SourceTag tool={tool} />
        </Flex>
        <Typography.Paragraph type="secondary" className="uc-my-tool-text">
          {tool.description}
        </Typography.Paragraph>
        <Holding tool={tool} />
        <Flex gap={8} wrap className="uc-my-tool-actions">
          {held && tool.kind === 'external' && !tool.url && (
            <Button disabled aria-label={`暂未开通 ${tool.name}`}>
              暂未开通
            </Button>
          )}
          {held && (tool.kind === 'policy' || tool.url) && (
            <Button
              type="primary"
              loading={opening}
              icon={tool.kind === 'external' ? <ExportOutlined /> : <RightOutlined />}
              onClick={() => void open()}
              aria-label={`打开 ${tool.name}`}
            >
              打开
            </Button>
          )}
          {canBuy && tool.buyable && tool.source !== 'plan' && (
            <LinkButton
              type={held ? 'default' : 'primary'}
              to={creditOrderPath(tool.code)}
              aria-label={`购买次数 ${tool.name}`}
            >
              购买次数
            </LinkButton>
          )}
          {!held && canBuy && (
            <LinkButton type="primary" ghost to={paths.vip} aria-label={`升级会员 ${tool.name}`}>
              升级会员
            </LinkButton>
          )}
          {!held && !canBuy && <Typography.Text type="secondary">请联系主账号开通</Typography.Text>}
        </Flex>
      </Flex>
    </Card>
  );
}

export function MyToolsPage({ title }: { title?: string }) {
  useDocumentTitle(title || '我的工具');
  const userId = useAuthStore((s) => s.id);
  const access = useAccess();
  const tools = useMyTools(userId);
  const [search] = useSearchParams();
  const paidTool = search.get('paid');
  const client = useQueryClient();
  // Back from a paid order of credits: the balance is read again, not taken from before the purchase.
  useEffect(() => {
    if (paidTool) void client.invalidateQueries({ queryKey: myToolsKey(userId) });
  }, [paidTool, client, userId]);
  const paidName = paidTool ? tools.data?.find((t) => t.code === paidTool)?.name : undefined;

  let body: ReactNode;
  if (tools.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (tools.isError) body = <LoadErrorResult error={tools.error} onRetry={() => void tools.refetch()} />;
  else if (tools.data.length === 0) body = <Empty description="暂无数据" />;
  else
    body = (
      <div className="uc-my-tools">
        {tools.data.map((tool) => (
          <ToolCard key={tool.code} tool={tool} canBuy={access.canSeePackages} />
        ))}
      </div>
    );

  return (
    <Card title={<IconTitle icon={<AppstoreOutlined />}>我的工具</IconTitle>}>
      {paidName && (
        <Alert
          type="success"
          showIcon
          className="uc-my-tools-paid"
          title={`支付成功，${paidName}的使用次数已到账`}
          data-testid="credits-paid"
        />
      )}
      {body}
    </Card>
  );
}
