// Customer counts (SPEC.md §3 "Customer summary"), each opening the customer list filtered to it.
import {
  AimOutlined,
  AuditOutlined,
  FileDoneOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { CustomerSummary } from '@uc/shared';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { paths } from '../../../paths';
import { useCustomerData } from '../api/get-customer-data';
import { QueryView } from './card-states';
import { StatTile } from './stat-tile';

interface CustomerStat {
  field: keyof CustomerSummary;
  label: string;
  /** The customer list with this count's filter. */
  to: string;
  icon: ReactNode;
  color: string;
}

/** The list's queries: is_hightech=1 as SPEC.md §2 names it; type=sb|gs|zc for the other filtered counts. */
export const CUSTOMER_STATS: readonly CustomerStat[] = [
  {
    field: 'member_count',
    label: '服务客户总数',
    to: paths.customerList,
    icon: <TeamOutlined />,
    color: '#1668dc',
  },
  {
    field: 'high_tech_count',
    label: '高新技术企业',
    to: `${paths.customerList}?is_hightech=1`,
    icon: <SafetyCertificateOutlined />,
    color: '#722ed1',
  },
  {
    field: 'sb_count',
    label: '可申报客户',
    to: `${paths.customerList}?type=sb`,
    icon: <FileDoneOutlined />,
    color: '#fa8c16',
  },
  {
    field: 'gs_count',
    label: '公示客户',
    to: `${paths.customerList}?type=gs`,
    icon: <AuditOutlined />,
    color: '#13a8a8',
  },
  {
    field: 'zc_count',
    label: '政策匹配客户',
    to: `${paths.customerList}?type=zc`,
    icon: <AimOutlined />,
    color: '#eb2f96',
  },
];

export function CustomerStatsCard({ userId, loggedIn }: { userId: number; loggedIn: boolean }) {
  const query = useCustomerData(userId, loggedIn);
  return (
    <Card title="我的客户" className="uc-dash-card" data-testid="card-customers">
      <QueryView query={query} loggedIn={loggedIn} what="客户统计" rows={2}>
        {(data) => (
          <div className="uc-stat-grid uc-stat-grid-5">
            {CUSTOMER_STATS.map((stat) => (
              <StatTile
                key={stat.field}
                label={stat.label}
                value={data[stat.field]}
                unit="家"
                to={stat.to}
                icon={stat.icon}
                color={stat.color}
              />
            ))}
          </div>
        )}
      </QueryView>
    </Card>
  );
}
