// Customer counts (docs/requirements.md §3 "Customer summary"), each opening the customer list filtered to it.
import {
  AimOutlined,
  AuditOutlined,
  FileDoneOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { CustomerSummary } from '@uc/shared';
import type { ReactNode } from 'react';
import { paths } from '../../../paths';
import { useCustomerData } from '../api/get-customer-data';
import { StatGridCard } from './stat-grid-card';

interface CustomerStat {
  field: keyof CustomerSummary;
  label: string;
  /** The customer list with this count's filter. */
  to: string;
  icon: ReactNode;
  color: string;
}

/** The list's queries: is_hightech=1 as docs/requirements.md §2 names it; type=sb|gs|zc for the other filtered counts. */
const CUSTOMER_STATS: readonly CustomerStat[] = [
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
    <StatGridCard
      title="我的客户"
      testId="card-customers"
      query={query}
      loggedIn={loggedIn}
      what="客户统计"
      columns={5}
      tiles={(data) =>
        CUSTOMER_STATS.map(({ field, ...stat }) => ({ ...stat, key: field, value: data[field], unit: '家' }))
      }
    />
  );
}
