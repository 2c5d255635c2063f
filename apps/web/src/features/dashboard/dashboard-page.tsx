// /dashboard, the member centre (docs/requirements.md §1): every card loads its own call, so one failure never blanks the page.
import { Card, Col, Row, Skeleton } from 'antd';
import { lazy } from 'react';
import { WhenVisible } from '../../components/when-visible';
import type { FirstQueries } from '../../lib/routing/lazy-page';
import { cusInfoQueryOptions } from '../../lib/session/api/get-cus-info';
import { categoryCountQueryOptions } from './api/get-category-count';
import { customerDataQueryOptions, useCustomerData } from './api/get-customer-data';
import { distributionByIndustryQueryOptions } from './api/get-distribution-by-industry';
import { latestNewsQueryOptions } from './api/get-latest-news';
import { memberUserInfoQueryOptions } from './api/get-member-user-info';
import { myPublicityQueryOptions } from './api/get-my-publicity';
import { mySubscribeQueryOptions } from './api/get-my-subscribe';
import { recommendedProjectsQueryOptions } from './api/get-recommended-projects';
import { AreaChartCard } from './components/area-chart-card';
import { CategoryCountsCard } from './components/category-counts-card';
import { CustomerStatsCard } from './components/customer-stats-card';
import { FirstStepCard } from './components/first-step-card';
import { IndustryChartCard } from './components/industry-chart-card';
import { KcyCard } from './components/kcy-card';
import { LATEST_NEWS_SIZE, LatestNewsCard } from './components/latest-news-card';
import { MemberCard } from './components/member-card';
import { ProjectsTabsCard } from './components/projects-tabs-card';
import { QuickNavCard } from './components/quick-nav-card';
import { SUBSCRIPTION_LIMIT, SubscriptionsCard } from './components/subscriptions-card';
import { ToolCards } from './components/tool-cards';
import { useDashboardUser } from './components/use-dashboard-user';
import './components/dashboard.css';

const GUTTER: [number, number] = [16, 16];

/** The cards' calls above the charts (the server answers them inside the page: packages/shared first-view.ts). */
export const firstQueries: FirstQueries = (client, userId) => [
  client.prefetchQuery(cusInfoQueryOptions(userId)),
  client.prefetchQuery(customerDataQueryOptions(userId)),
  client.prefetchQuery(memberUserInfoQueryOptions(userId)),
  client.prefetchQuery(categoryCountQueryOptions(userId)),
  client.prefetchQuery(distributionByIndustryQueryOptions(userId)),
  client.prefetchQuery(latestNewsQueryOptions(userId, { size: LATEST_NEWS_SIZE })),
  client.prefetchQuery(recommendedProjectsQueryOptions(userId)),
  client.prefetchQuery(myPublicityQueryOptions(userId)),
  client.prefetchQuery(mySubscribeQueryOptions(userId, { size: SUBSCRIPTION_LIMIT })),
];

// The funding card (table, dialog, form) sits at the bottom: its code loads when it scrolls near.
const FundingCard = lazy(async () => ({ default: (await import('./components/funding-card')).FundingCard }));

// Still, not shimmering: below the fold it may wait for a long time, and an endless animation keeps the page busy.
const fundingPlaceholder = (
  <Card title="资助记录" className="uc-dash-card" data-testid="card-funding">
    <Skeleton title={false} paragraph={{ rows: 6 }} />
  </Card>
);

export function DashboardPage(_props: { title?: string }) {
  const { userId, loggedIn, access } = useDashboardUser();
  const card = { userId, loggedIn };
  // No customers yet: the first step instead of the two empty customer charts (the count is a first-view answer,
  // so the server's render and the browser's agree).
  const customers = useCustomerData(userId, loggedIn);
  const noCustomers = loggedIn && customers.data?.member_count === 0;
  return (
    <div className="uc-dashboard">
      <Row gutter={GUTTER}>
        <Col span={24}>
          <MemberCard />
        </Col>
        <Col xs={24} xl={15} className="uc-dash-col">
          <CustomerStatsCard {...card} />
        </Col>
        <Col xs={24} xl={9} className="uc-dash-col">
          <CategoryCountsCard {...card} />
        </Col>
        <Col span={24}>
          <QuickNavCard access={access} />
        </Col>
        {noCustomers ? (
          <Col xs={24} xl={16} className="uc-dash-col">
            <FirstStepCard />
          </Col>
        ) : (
          <>
            <Col xs={24} md={12} xl={8} className="uc-dash-col">
              <IndustryChartCard {...card} />
            </Col>
            <Col xs={24} md={12} xl={8} className="uc-dash-col">
              <AreaChartCard {...card} />
            </Col>
          </>
        )}
        <Col xs={24} xl={8} className="uc-dash-col">
          <LatestNewsCard {...card} />
        </Col>
        <Col xs={24} xl={16} className="uc-dash-col">
          <ProjectsTabsCard {...card} />
        </Col>
        <Col xs={24} xl={8} className="uc-dash-col">
          <SubscriptionsCard userId={userId} access={access} />
        </Col>
        <Col xs={24} md={12} xl={12} className="uc-dash-col">
          <div className="uc-tool-pair">
            <ToolCards access={access} />
          </div>
        </Col>
        <Col xs={24} md={12} xl={12} className="uc-dash-col">
          <KcyCard />
        </Col>
        <Col span={24}>
          <WhenVisible placeholder={fundingPlaceholder}>
            <FundingCard {...card} />
          </WhenVisible>
        </Col>
      </Row>
    </div>
  );
}
