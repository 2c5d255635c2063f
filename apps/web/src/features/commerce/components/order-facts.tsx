// The order card's facts: the plan, the order number, the expiry before and after (plans), the services, the balance
// with a link to 我的API and the calls bought (the API package) or the uses bought and until when they last (a tool's
// credit packs), and the quantity stepper the page hands in.
import { LIMITS, type OrderCreated, type PlanItem, shanghaiDate } from '@uc/shared';
import { Descriptions, type DescriptionsProps, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/ui/use-media-query';
import { paths } from '../../../paths';
import { countText } from '../model/money';
import type { CheckoutKind } from '../model/use-payment-attempt';
import { ApiBalance } from './api-balance';
import { API_SERVICES } from './api-services';

/** An upgrade (kind 'switch') starts the new plan today: its expiry may come before the current one's. */
export const SWITCH_EXPIRY_NOTE = '升级后新套餐自今日起生效，不在当前到期时间上顺延';

const dateOrDash = (iso: string | null | undefined) => (iso ? shanghaiDate(iso) : '—');

export function OrderFacts({
  order,
  kind,
  plan,
  count,
  planSwitcher,
  stepper,
}: {
  order: OrderCreated;
  kind: CheckoutKind;
  plan: PlanItem | undefined;
  count: number;
  planSwitcher: React.ReactNode;
  stepper: React.ReactNode;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  const perUnit = plan?.api_calls_per_unit ?? LIMITS.apiCallsPerUnit;
  const items: DescriptionsProps['items'] = [
    {
      key: 'name',
      label: kind === 'credits' || kind === 'gift' ? '商品名称' : '套餐名称',
      children: (
        <Flex gap={8} wrap align="center">
          <Typography.Text strong data-testid="order-plan-name">
            {order.name}
          </Typography.Text>
          {planSwitcher}
        </Flex>
      ),
    },
    {
      key: 'no',
      label: '订单编号',
      children: (
        <Typography.Text copyable data-testid="order-no">
          {order.out_trade_no}
        </Typography.Text>
      ),
    },
  ];
  if (kind === 'plan') {
    items.push(
      {
        key: 'current',
        label: '当前到期时间',
        children: <span data-testid="current-expiry">{dateOrDash(order.expired_time)}</span>,
      },
      {
        key: 'new',
        label: '购买后到期时间',
        children: (
          <Flex vertical gap={2}>
            <Typography.Text type="success" data-testid="new-expiry">
              {dateOrDash(order.new_expired_time)}
            </Typography.Text>
            {order.kind === 'switch' && (
              <Typography.Text type="secondary" className="uc-shop-small" data-testid="switch-expiry-note">
                {SWITCH_EXPIRY_NOTE}
              </Typography.Text>
            )}
            {order.kind === 'change' && (
              <Typography.Text type="secondary" className="uc-shop-small" data-testid="change-expiry-note">
                当前套餐到期后切换为该套餐，到期前权益不变
              </Typography.Text>
            )}
          </Flex>
        ),
      },
    );
  }
  if (kind === 'api') {
    items.push(
      {
        key: 'services',
        label: '包含服务',
        children: (
          <span data-testid="api-services">{API_SERVICES.map((service) => service.title).join('、')}</span>
        ),
      },
      {
        key: 'balance',
        label: '当前剩余调用次数',
        children: (
          <Flex gap={12} wrap align="center">
            <ApiBalance />
            <Link to={paths.apiKeys}>我的API</Link>
          </Flex>
        ),
      },
    );
  }
  items.push({
    key: 'count',
    label: kind === 'credits' || kind === 'gift' ? '购买数量' : '购买时长',
    children: stepper,
  });
  if (kind === 'gift') {
    items.push({
      key: 'valid',
      label: '绑定截止',
      children: <span data-testid="gift-expiry">{dateOrDash(order.new_expired_time)}</span>,
    });
  }
  if (kind === 'credits' && order.pack) {
    items.push(
      {
        key: 'uses',
        label: '使用次数',
        children: (
          <span data-testid="credit-uses">
            {countText(order.pack.uses)} 次 × {count} ={' '}
            <strong>{countText(order.pack.uses * count)} 次</strong>
          </span>
        ),
      },
      {
        key: 'valid',
        label: '有效期至',
        children: <span data-testid="credit-expiry">{dateOrDash(order.new_expired_time)}</span>,
      },
    );
  }
  if (kind === 'api') {
    items.push({
      key: 'calls',
      label: '调用次数',
      children: (
        <span data-testid="api-calls">
          {countText(perUnit)} 次 × {count} = <strong>{countText(perUnit * count)} 次</strong>
        </span>
      ),
    });
  }
  return (
    <Descriptions
      column={1}
      size="middle"
      layout={phone ? 'vertical' : 'horizontal'}
      className="uc-shop-facts"
      items={items}
    />
  );
}
