// Two tabs: 推荐项目 (projects matching the member's customers) and 我的公示 (own publicity, first 5).
import { LIMITS, type OwnPublicityItem, type RecommendedProject, shanghaiDate } from '@uc/shared';
import { Card, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PolicyItemTitle } from '../../../components/policy-item-link';
import { paths, policyCustomersPath } from '../../../paths';
import { useMyPublicity } from '../api/get-my-publicity';
import { useRecommendedProjects } from '../api/get-recommended-projects';
import { QueryView } from './card-states';
import { EmptyData } from './empty-data';
import { MoreLink } from './more-link';

/** Rows shown in the recommended-projects tab. */
const RECOMMENDED_LIMIT = 6;

const MORE: Record<TabKey, string> = {
  projects: `${paths.subList}?activeName=tjxm`,
  publicity: paths.publicity,
};

type TabKey = 'projects' | 'publicity';

function ProjectList({ items }: { items: readonly RecommendedProject[] }) {
  if (items.length === 0) return <EmptyData height={240} />;
  return (
    <ul className="uc-row-list" aria-label="推荐项目">
      {items.slice(0, RECOMMENDED_LIMIT).map((p) => (
        <li key={p.mid} className="uc-row-item">
          <div className="uc-row-main">
            <PolicyItemTitle id={p.item_id} title={p.name} className="uc-row-title" />
            <Typography.Text type="secondary" className="uc-row-meta">
              {p.dept_name} · {shanghaiDate(p.start_time)} 开始
            </Typography.Text>
          </div>
          <Link
            to={
              p.item_id === null
                ? `${paths.subList}?activeName=tjxm&pid=${p.mid}`
                : policyCustomersPath(p.item_id)
            }
            aria-label={`匹配客户 ${p.count} 家，查看${p.name}的匹配客户`}
          >
            <Tag color={p.count > 0 ? 'blue' : 'default'} className="uc-row-tag">
              匹配客户 {p.count} 家
            </Tag>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function PublicityList({ items }: { items: readonly OwnPublicityItem[] }) {
  if (items.length === 0) return <EmptyData height={240} />;
  return (
    <ul className="uc-row-list" aria-label="我的公示">
      {items.slice(0, LIMITS.ownPublicityLimit).map((p) => (
        <li key={p.id} className="uc-row-item">
          <div className="uc-row-main">
            <PolicyItemTitle id={p.item_id} title={p.title} className="uc-row-title" />
            <Typography.Text type="secondary" className="uc-row-meta">
              {[p.title2, p.dept_name].filter(Boolean).join(' · ')}
            </Typography.Text>
          </div>
          <Typography.Text type="secondary" className="uc-row-date">
            {shanghaiDate(p.publish_time)}
          </Typography.Text>
        </li>
      ))}
    </ul>
  );
}

export function ProjectsTabsCard({ userId, loggedIn }: { userId: number; loggedIn: boolean }) {
  const [active, setActive] = useState<TabKey>('projects');
  const projects = useRecommendedProjects(userId, loggedIn);
  const publicity = useMyPublicity(userId, loggedIn);
  return (
    <Card
      className="uc-dash-card uc-dash-tabs-card"
      data-testid="card-projects"
      styles={{ body: { paddingTop: 4 } }}
    >
      {/* 更多 sits over the tab bar, not in it: a tab list may hold only tabs. */}
      <div className="uc-dash-tabs-more">
        <MoreLink to={MORE[active]} loggedIn={loggedIn} />
      </div>
      <Tabs
        activeKey={active}
        onChange={(key) => setActive(key === 'publicity' ? 'publicity' : 'projects')}
        items={[
          {
            key: 'projects',
            label: '推荐项目',
            children: (
              <QueryView query={projects} loggedIn={loggedIn} what="推荐项目" rows={5}>
                {(items) => <ProjectList items={items} />}
              </QueryView>
            ),
          },
          {
            key: 'publicity',
            label: '我的公示',
            children: (
              <QueryView query={publicity} loggedIn={loggedIn} what="我的公示" rows={5}>
                {(items) => <PublicityList items={items} />}
              </QueryView>
            ),
          },
        ]}
      />
    </Card>
  );
}
