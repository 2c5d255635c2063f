// Counts of 申报通知, 公示公告 and 政策动态 with the last 24 hours' additions, each opening its subscription tab.
import { AuditOutlined, FileTextOutlined, NotificationOutlined } from '@ant-design/icons';
import type { PolicyCategory } from '@uc/shared';
import type { ReactNode } from 'react';
import { paths } from '../../../paths';
import { useCategoryCount } from '../api/get-category-count';
import { StatGridCard } from './stat-grid-card';

const CATEGORY_LOOK: Record<PolicyCategory, { label: string; icon: ReactNode; color: string }> = {
  sbtz: { label: '申报通知', icon: <NotificationOutlined />, color: '#1668dc' },
  gsgg: { label: '公示公告', icon: <AuditOutlined />, color: '#13a8a8' },
  zcdt: { label: '政策动态', icon: <FileTextOutlined />, color: '#fa541c' },
};

/** Always in this order, whatever order the server answers in. */
const ORDER: readonly PolicyCategory[] = ['sbtz', 'gsgg', 'zcdt'];

function categoryLink(key: PolicyCategory): string {
  return `${paths.subList}?activeName=${key}`;
}

function Marker24h({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="uc-24h" title={`近24小时新增 ${count} 条`} data-testid="marker-24h">
      24h +{count}
    </span>
  );
}

export function CategoryCountsCard({ userId, loggedIn }: { userId: number; loggedIn: boolean }) {
  const query = useCategoryCount(userId, loggedIn);
  return (
    <StatGridCard
      title="政策资讯"
      testId="card-categories"
      query={query}
      loggedIn={loggedIn}
      what="政策资讯统计"
      columns={3}
      tiles={(items) =>
        ORDER.map((key) => {
          const item = items.find((i) => i.key === key);
          const look = CATEGORY_LOOK[key];
          return {
            key,
            label: item?.keyname || look.label,
            value: item?.count ?? 0,
            unit: '条',
            to: categoryLink(key),
            icon: look.icon,
            color: look.color,
            marker: <Marker24h count={item?.count_24h ?? 0} />,
          };
        })
      }
    />
  );
}
