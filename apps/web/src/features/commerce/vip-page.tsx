// /vip/index (会员套餐, anchor #vip, query isSub): the plans with their prices and features, the member's current
// plan marked, buy / renew / upgrade by docs/requirements.md §4, and the API package: one card for its four services (they are
// one purchase), with the member's call balance and a link to 我的API (its keys and calls).
import { CheckOutlined } from '@ant-design/icons';
import { MSG, type PlanItem, type ScheduledPlanChange, shanghaiDate } from '@uc/shared';
import { Badge, Button, Card, Col, Empty, Flex, Popconfirm, Row, Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { LevelBadge } from '../../components/level-badge';
import { LinkButton } from '../../components/link-button';
import { LoadErrorResult } from '../../components/load-error-result';
import { useAccess } from '../../lib/access';
import type { MemberPlan } from '../../lib/renewal';
import { cusInfoQueryOptions, useCusInfo } from '../../lib/session/api/get-cus-info';
import { useAuthStore } from '../../lib/session/auth-store';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { paths } from '../../paths';
import { useCancelPlanChange } from './api/cancel-plan-change';
import { planChangeQueryOptions, usePlanChange } from './api/get-plan-change';
import { planListQueryOptions, usePlanList } from './api/get-plan-list';
import { setmealQueryOptions, useSetmeal } from './api/get-setmeal';
import { surplusQueryOptions } from './api/get-surplus';
import { ApiBalance } from './components/api-balance';
import { API_SERVICES } from './components/api-services';
import { SubAccountResult } from './components/sub-account-result';
import { countText, priceText } from './model/money';
import {
  apiOrderPath,
  isCurrentPlan,
  isOwnLegacyPlan,
  type PlanContext,
  planAction,
} from './model/plan-actions';
import './commerce.css';
import type { FirstQueries } from '../../lib/routing/lazy-page';

function PlanCard({
  plan,
  member,
  current,
  context,
}: {
  plan: PlanItem;
  member: MemberPlan;
  current: boolean;
  context: PlanContext;
}) {
  const action = planAction(plan, member, context);
  const card = (
    <Card className={`uc-shop-plan${current ? ' uc-shop-plan-current' : ''}`} aria-label={plan.name}>
      <Typography.Title level={3} className="uc-shop-plan-name">
        {plan.name}
      </Typography.Title>
      <div className="uc-shop-plan-price">
        <span className="uc-shop-plan-amount">{priceText(plan.unit_price)}</span>
        <span className="uc-shop-plan-unit">/年</span>
      </div>
      <ul className="uc-shop-features" aria-label={`${plan.name}权益`}>
        {plan.features.map((feature) => (
          <li key={feature}>
            <CheckOutlined className="uc-shop-feature-icon" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      {action.kind === 'upgrade' && action.credit !== undefined && (
        <Typography.Paragraph className="uc-shop-small" type="success" data-testid="plan-credit">
          当前套餐剩余价值可抵扣 {priceText(action.credit)}
        </Typography.Paragraph>
      )}
      {action.kind === 'change' && (
        <Typography.Paragraph className="uc-shop-small" type="secondary">
          当前套餐到期后生效，不影响现有权益
        </Typography.Paragraph>
      )}
      {action.kind === 'included' || action.kind === 'scheduled' ? (
        <Button block size="large" disabled>
          {action.label}
        </Button>
      ) : (
        <LinkButton
          block
          size="large"
          type={(action.kind === 'buy' && !current) || action.kind === 'change' ? 'default' : 'primary'}
          to={action.to}
          aria-label={`${action.label} ${plan.name}`}
        >
          {action.label}
        </LinkButton>
      )}
    </Card>
  );
  return current ? <Badge.Ribbon text="当前套餐">{card}</Badge.Ribbon> : card;
}

function ApiPackageCard({ plan }: { plan: PlanItem | undefined }) {
  return (
    <Card className="uc-shop-api" aria-label="API套餐">
      <ul className="uc-shop-api-services" aria-label="API套餐包含的服务">
        {API_SERVICES.map((service) => (
          <li key={service.title} className="uc-shop-api-service">
            <div className="uc-shop-api-icon" aria-hidden="true">
              {service.icon}
            </div>
            <div>
              <Typography.Title level={4} className="uc-shop-api-title">
                {service.title}
              </Typography.Title>
              <Typography.Paragraph type="secondary" className="uc-shop-api-text">
                {service.text}
              </Typography.Paragraph>
            </div>
          </li>
        ))}
      </ul>
      <div className="uc-shop-api-footer">
        <Flex vertical gap={4}>
          <Typography.Text strong>
            <ApiBalance lead="剩余调用 " />
          </Typography.Text>
          {plan && (
            <Typography.Text type="secondary" className="uc-shop-small" data-testid="api-plan-price">
              {priceText(plan.unit_price)}/年 · 每份 {countText(plan.api_calls_per_unit ?? 0)}{' '}
              次调用，四项服务通用
            </Typography.Text>
          )}
          <Typography.Text type="secondary" className="uc-shop-small">
            创建密钥、查看调用统计：<Link to={paths.apiKeys}>我的API</Link>
          </Typography.Text>
        </Flex>
        {plan ? (
          <LinkButton
            type="primary"
            size="large"
            className="uc-shop-api-buy"
            to={apiOrderPath(plan.gid)}
            aria-label="立即购买 API套餐"
          >
            立即购买
          </LinkButton>
        ) : (
          <Button size="large" className="uc-shop-api-buy" disabled>
            暂未开放
          </Button>
        )}
      </div>
    </Card>
  );
}

/** 到期后转为 X, and its 取消 (confirmed: what happens to the money is said before). */
function ScheduledChange({
  change,
  cancel,
}: {
  change: ScheduledPlanChange;
  cancel: ReturnType<typeof useCancelPlanChange>;
}) {
  return (
    <Flex gap={8} wrap align="center" data-testid="scheduled-change">
      <Typography.Text>
        到期后转为 <strong>{change.name}</strong>
        {change.starts_at && `（${shanghaiDate(change.starts_at)} 起`}
        {change.ends_at && `，有效期至 ${shanghaiDate(change.ends_at)}`}
        {change.starts_at && '）'}
      </Typography.Text>
      <Popconfirm
        title="取消到期后的套餐变更？"
        description={`已支付的 ${priceText(change.paid)} 将原路退回，当前套餐不受影响。`}
        okText="确认取消"
        cancelText="再想想"
        onConfirm={() => cancel.mutateAsync()}
      >
        <Button size="small" loading={cancel.isPending}>
          取消
        </Button>
      </Popconfirm>
    </Flex>
  );
}

function CurrentPlanBar({
  userId,
  level,
  scheduled,
}: {
  userId: number;
  level: number;
  scheduled: ScheduledPlanChange | null;
}) {
  const setmeal = useSetmeal(userId);
  const cancel = useCancelPlanChange(userId);
  if (setmeal.isPending) return <Skeleton active title={false} paragraph={{ rows: 1 }} />;
  if (setmeal.isError) return null;
  const { name, expired_time: expiry } = setmeal.data;
  return (
    <Flex gap={12} wrap align="center" data-testid="current-plan">
      <Typography.Text>
        当前套餐：<strong>{name}</strong>
      </Typography.Text>
      <LevelBadge level={level} />
      {expiry && (
        <Typography.Text type={setmeal.data.expired ? 'danger' : 'secondary'}>
          有效期至 {shanghaiDate(expiry)}
          {setmeal.data.expired ? '（已过期）' : ''}
        </Typography.Text>
      )}
      {scheduled && <ScheduledChange change={scheduled} cancel={cancel} />}
      {cancel.isSuccess && !scheduled && (
        <Typography.Text type="success" role="status">
          {MSG.planChangeCancelled}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The member, the plans, the current plan and the API balance (answered inside the page). */
export const firstQueries: FirstQueries = (client, userId) => [
  client.prefetchQuery(cusInfoQueryOptions(userId)),
  client.prefetchQuery(planListQueryOptions()),
  client.prefetchQuery(setmealQueryOptions(userId)),
  client.prefetchQuery(surplusQueryOptions(userId)),
  client.prefetchQuery(planChangeQueryOptions(userId)),
];

export function VipPage({ title }: { title?: string }) {
  useDocumentTitle(title || '会员套餐');
  const userId = useAuthStore((s) => s.id);
  const { hash } = useLocation();
  const [search] = useSearchParams();
  const cusInfo = useCusInfo(userId);
  const access = useAccess(cusInfo.data);
  const plans = usePlanList();
  const subByQuery = search.get('isSub') === '1' || search.get('isSub') === 'true';
  const isSub = access.isSub || subByQuery;
  const planChange = usePlanChange(userId, cusInfo.isSuccess && !isSub);

  // The #vip anchor: scroll to the plans once they are drawn.
  const ready = plans.isSuccess && !cusInfo.isPending;
  useEffect(() => {
    if (ready && hash === '#vip') document.getElementById('vip')?.scrollIntoView?.({ block: 'start' });
  }, [ready, hash]);

  if (isSub) return <SubAccountResult />;

  const member: MemberPlan = { isSub: access.isSub, gid: cusInfo.data?.gid, level: access.level };
  const changes = planChange.data;
  // The member's own legacy level (黄金, 铂金, 黑金) is no plan of the catalogue: its renewal card comes first.
  const memberships = [
    ...(changes?.legacy_plan ? [changes.legacy_plan] : []),
    ...(plans.data?.filter((p) => p.level !== null && p.on_sale) ?? []),
  ];
  const contextOf = (plan: PlanItem): PlanContext => ({
    offer: changes?.offers.find((o) => o.gid === plan.gid),
    scheduledGid: changes?.scheduled?.gid ?? null,
  });
  const apiPlan = plans.data?.find((p) => p.level === null && p.on_sale);

  let body: ReactNode;
  if (plans.isPending || cusInfo.isPending) {
    body = (
      <Row gutter={[16, 16]} data-testid="plans-loading">
        {[0, 1, 2, 3].map((i) => (
          <Col key={i} xs={24} sm={12} xl={6}>
            <Card>
              <Skeleton active paragraph={{ rows: 6 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  } else if (plans.isError) {
    body = <LoadErrorResult error={plans.error} onRetry={() => void plans.refetch()} />;
  } else if (memberships.length === 0) {
    body = <Empty description="暂无数据" />;
  } else {
    body = (
      <ul className="uc-shop-plans" aria-label="VIP会员套餐列表">
        {memberships.map((plan) => (
          <li key={plan.gid}>
            <PlanCard
              plan={plan}
              member={member}
              current={isCurrentPlan(plan, member) || isOwnLegacyPlan(plan, member)}
              context={contextOf(plan)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Flex vertical gap={16} className="uc-shop" data-testid="vip-page">
      <Card>
        <Flex vertical gap={8}>
          <Typography.Title level={2} className="uc-shop-heading">
            {title || '会员套餐'}
          </Typography.Title>
          <Typography.Text type="secondary">
            开通会员，获取政策精准匹配、申报提醒、资助公示与高企评测等全部服务
          </Typography.Text>
          {cusInfo.data && (
            <CurrentPlanBar userId={userId} level={access.level} scheduled={changes?.scheduled ?? null} />
          )}
        </Flex>
      </Card>
      <section id="vip" aria-labelledby="uc-shop-vip-title" className="uc-shop-section">
        <Typography.Title level={3} id="uc-shop-vip-title" className="uc-shop-section-title">
          VIP会员套餐
        </Typography.Title>
        {body}
      </section>
      <section aria-labelledby="uc-shop-api-title" className="uc-shop-section">
        <Typography.Title level={3} id="uc-shop-api-title" className="uc-shop-section-title">
          API套餐
        </Typography.Title>
        {plans.isPending ? (
          <Card>
            <Skeleton active paragraph={{ rows: 3 }} />
          </Card>
        ) : (
          plans.isSuccess && <ApiPackageCard plan={apiPlan} />
        )}
      </section>
    </Flex>
  );
}
