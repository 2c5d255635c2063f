// The API package's balance on 我的API: the calls left, used of bought, until when, 购买调用次数 (the API package's
// order page), the four products the calls serve and the open API's document.
import { ApiOutlined, ExportOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { type ApiUsage, DEFAULT_API_PLAN_ID, OPEN_API, OPEN_API_PRODUCTS, shanghaiDate } from '@uc/shared';
import { Card, Flex, Skeleton, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { IconTitle } from '../../../components/icon-title';
import { LinkButton } from '../../../components/link-button';
import { numberText } from '../../../lib/ui/number-text';
import { paths } from '../../../paths';

/** The API package's order page. */
export const API_ORDER_PATH = `${paths.apiOrder}?gid=${DEFAULT_API_PLAN_ID}`;

/** The open API's document, opened beside the user center. */
export function DocsLink() {
  return (
    <Typography.Link href={OPEN_API.docs} target="_blank" rel="noopener noreferrer">
      接口文档 <ExportOutlined aria-hidden="true" />
    </Typography.Link>
  );
}

/** 有效期至 …, 已于 … 到期 once past today (the last of the usage's days), 暂未购买 when nothing was bought. */
function validity(usage: ApiUsage): { text: string; danger: boolean } {
  if (usage.total <= 0) return { text: '暂未购买', danger: false };
  if (!usage.expired_time) return { text: '长期有效', danger: false };
  const until = shanghaiDate(usage.expired_time);
  const today = usage.days.at(-1)?.date ?? '';
  return until < today
    ? { text: `已于 ${until} 到期`, danger: true }
    : { text: `有效期至 ${until}`, danger: false };
}

/** The balance; without `usage` (still loading) its skeleton. */
export function BalanceCard({ usage }: { usage: ApiUsage | undefined }) {
  let body: ReactNode;
  if (!usage) {
    body = <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  } else {
    const until = validity(usage);
    body = (
      <Flex vertical gap={12}>
        <Statistic
          title="剩余调用次数"
          value={numberText(usage.surplus)}
          suffix="次"
          data-testid="api-surplus"
        />
        <Flex gap={16} wrap>
          <Typography.Text type="secondary" data-testid="api-used">
            已用 {numberText(usage.used)} / 总量 {numberText(usage.total)} 次
          </Typography.Text>
          <Typography.Text type={until.danger ? 'danger' : 'secondary'} data-testid="api-validity">
            {until.text}
          </Typography.Text>
        </Flex>
      </Flex>
    );
  }
  return (
    <Card
      title={<IconTitle icon={<ApiOutlined />}>API调用余额</IconTitle>}
      extra={<DocsLink />}
      className="uc-apikeys-card"
      data-testid="api-balance-card"
    >
      <Flex vertical gap={16}>
        {body}
        <Typography.Paragraph type="secondary" className="uc-apikeys-products">
          API套餐包含{OPEN_API_PRODUCTS.map((product) => product.name).join('、')}
          四项接口，共用调用次数，每次成功调用扣减 1 次。
        </Typography.Paragraph>
        <LinkButton type="primary" icon={<ShoppingCartOutlined />} to={API_ORDER_PATH}>
          购买调用次数
        </LinkButton>
      </Flex>
    </Card>
  );
}
