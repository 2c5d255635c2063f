// The two third-party tools (docs/requirements.md §1), opened inside the layout's iframe area (/dashboard?redirect=<url>), a
// member's with a launch ticket (GET /saastools/toollaunch).
import { DatabaseOutlined, ExportOutlined, FundProjectionScreenOutlined } from '@ant-design/icons';
import type { ToolCode } from '@uc/shared';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { Access } from '../../../lib/access';
import { errorText } from '../../../lib/http/api-error';
import { toolFramePath, toolOrigin } from '../../../lib/routing/redirect';
import { runtimeConfig } from '../../../lib/runtime-config';
import { toastError } from '../../../lib/ui/feedback';
import { usePending } from '../../../lib/ui/use-pending';
import { loginPath } from '../../../paths';
import { useNavAction } from './use-nav-action';

interface ToolDefinition {
  key: ToolCode;
  title: string;
  text: string;
  icon: ReactNode;
  color: string;
  /** What it does, in a few words. */
  tags: readonly string[];
  /** Which of runtimeConfig.toolHosts serves it. */
  hostIndex: number;
}

const TOOLS: readonly ToolDefinition[] = [
  {
    key: 'rd',
    title: '研发费用管理系统',
    text: '研发项目立项、费用归集、辅助账与加计扣除一站式管理',
    icon: <FundProjectionScreenOutlined />,
    color: '#1668dc',
    tags: ['项目立项', '费用归集', '辅助账', '加计扣除'],
    hostIndex: 0,
  },
  {
    key: 'gq',
    title: '高企资料库',
    text: '高新技术企业认定资料的整理、归档与在线查阅',
    icon: <DatabaseOutlined />,
    color: '#13a8a8',
    tags: ['认定材料', '知识产权', '财务资料', '在线查阅'],
    hostIndex: 1,
  },
];

/** The tool's URL on its configured host, or null when the deployment has no host for it. */
export function toolUrl(tool: ToolDefinition, toolHosts: readonly string[]): string | null {
  const host = toolHosts[tool.hostIndex];
  const origin = host ? toolOrigin(host) : null;
  return origin ? `${origin}/` : null;
}

function ToolCard({ tool, access }: { tool: ToolDefinition; access: Access }) {
  const run = useNavAction();
  const url = toolUrl(tool, runtimeConfig().toolHosts);
  const [opening, pending] = usePending();
  const open = () => {
    if (!url) return;
    if (!access.isLoggedIn) {
      void run({ type: 'login', to: loginPath(toolFramePath(url)) });
      return;
    }
    // A member's tool opens with a fresh launch ticket, so the tool knows who came (as from 我的工具).
    void pending(async () => {
      try {
        // The launch call is loaded on the first click: the dashboard's first view does not need it.
        const { getToolLaunch } = await import('../../../lib/tools/get-tool-launch');
        const { url: launched } = await getToolLaunch(tool.key);
        await run({ type: 'navigate', to: toolFramePath(launched) });
      } catch (error) {
        toastError(errorText(error, '工具打开失败，请稍后重试'));
      }
    });
  };
  return (
    <Card className="uc-dash-card uc-tool-card" data-testid={`tool-${tool.key}`}>
      <div className="uc-tool">
        <span className="uc-tool-icon" style={{ color: tool.color, background: `${tool.color}14` }}>
          {tool.icon}
        </span>
        <div className="uc-tool-body">
          {/* An h3 under the member card's h2, drawn at the size of an h5. */}
          <Typography.Title level={3} style={{ margin: 0, fontSize: 16, lineHeight: 1.5 }}>
            {tool.title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 10px' }}>
            {tool.text}
          </Typography.Paragraph>
          <Flex wrap gap={6} style={{ marginBottom: 16 }}>
            {tool.tags.map((tag) => (
              <Tag key={tag} variant="filled" style={{ marginInlineEnd: 0 }}>
                {tag}
              </Tag>
            ))}
          </Flex>
          <Button
            type={url ? 'primary' : 'default'}
            ghost={Boolean(url)}
            icon={<ExportOutlined />}
            disabled={!url}
            loading={opening}
            onClick={open}
            // The name starts with what the button shows, then says which tool.
            aria-label={`${url ? '进入系统' : '暂未开通'} ${tool.title}`}
          >
            {url ? '进入系统' : '暂未开通'}
          </Button>
        </div>
      </div>
    </Card>
  );
}

export function ToolCards({ access }: { access: Access }) {
  return (
    <>
      {TOOLS.map((tool) => (
        <ToolCard key={tool.key} tool={tool} access={access} />
      ))}
    </>
  );
}
