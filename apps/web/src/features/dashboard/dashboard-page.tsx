// /dashboard, the member centre (SPEC.md §1): every card loads its own call, so one failure never blanks the page.
import { Card, Col, Row, Skeleton } from 'antd';
import { lazy } from 'react';
import { AreaChartCard } from './components/area-chart-card';
import { CategoryCountsCard } from './components/category-counts-card';
import { CustomerStatsCard } from './components/customer-stats-card';
import { IndustryChartCard } from './components/industry-chart-card';
import { KcyCard } from './components/kcy-card';
import { LatestNewsCard } from './components/latest-news-card';
import { MemberCard } from './components/member-card';
import { ProjectsTabsCard } from './components/projects-tabs-card';
import { QuickNavCard } from './components/quick-nav-card';
import { SubscriptionsCard } from './components/subscriptions-card';
import { ToolCards } from './components/tool-cards';
import { useDashboardUser } from './components/use-dashboard-user';
import { WhenVisible } from './components/when-visible';
import './components/dashboard.css';

const GUTTER: [number, number] = [16, 16];

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
        <Col xs={24} md={12} xl={8} className="uc-dash-col">
          <IndustryChartCard {...card} />
        </Col>
        <Col xs={24} md={12} xl={8} className="uc-dash-col">
          <AreaChartCard {...card} />
        </Col>
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
