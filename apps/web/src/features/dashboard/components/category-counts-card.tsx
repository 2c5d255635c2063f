// Counts of 申报通知, 公示公告 and 政策动态 with the last 24 hours' additions, each opening its subscription tab. They
// cover the member's city and the province-wide items (not the login page's platform totals), and say so.
import { AuditOutlined, FileTextOutlined, NotificationOutlined } from '@ant-design/icons';
import { type PolicyCategory, PROVINCE_REGION } from '@uc/shared';
import type { ReactNode } from 'react';
import { paths } from '../../../paths';
import { useCategoryCount } from '../api/get-category-count';
import { useMemberUserInfo } from '../api/get-member-user-info';
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

/** The scope of the counts: the server counts the member's city (GetCategoryCountByUserName) and the province's. */
function Scope({ userId }: { userId: number }) {
  const city = useMemberUserInfo(userId, true).data?.cityname;
  if (!city) return null;
  return (
    <span className="uc-card-hint">
      统计范围：{city}（含{PROVINCE_REGION.name}级）
    </span>
  );
}

export function CategoryCountsCard({ userId, loggedIn }: { userId: number; loggedIn: boolean }) {
  const query = useCategoryCount(userId, loggedIn);
  return (
    <StatGridCard
      title="政策资讯"
      testId="card-categories"
      extra={loggedIn && userId > 0 ? <Scope userId={userId} /> : null}
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
