// Table columns of each 我的订阅 tab (and of a project's customers).
import {
  type CustomerItem,
  POLICY_CATEGORIES,
  type PolicyFeedItem,
  type PublicityItem,
  type RecommendedProject,
  type SubTab,
  shanghaiDate,
} from '@uc/shared';
import { Button, type TableColumnsType, Tag } from 'antd';
import { Link } from 'react-router';
import { PolicyItemLink, PolicyItemTitle } from '../../../components/policy-item-link';
import { policyCustomersPath } from '../../../paths';

const date = (value: string | null) => (value ? shanghaiDate(value) : '—');
const typeName = (type: string) => POLICY_CATEGORIES.find((c) => c.key === type)?.keyname ?? type;

function indexColumn<T>(offset: number): TableColumnsType<T>[number] {
  return { title: '序号', key: 'index', width: 64, align: 'center', render: (_v, _r, i) => offset + i + 1 };
}

/**
 * A project's title opens its 申报通知, its count of matching customers the notice's customers; a project without a
 * notice keeps its title as text and its count opens its customers here (the drawer of ?pid=).
 */
export function projectColumns(
  offset: number,
  open: (p: RecommendedProject) => void,
): TableColumnsType<RecommendedProject> {
  return [
    indexColumn(offset),
    {
      title: '项目名称',
      dataIndex: 'name',
      render: (name: string, row) => <PolicyItemTitle id={row.item_id} title={name} />,
    },
    { title: '主管部门', dataIndex: 'dept_name', width: '24%', ellipsis: true },
    { title: '开始时间', dataIndex: 'start_time', width: 116, render: date },
    {
      title: '匹配客户',
      dataIndex: 'count',
      width: 110,
      align: 'right',
      render: (count: number, row) => {
        const label = `${count} 家，查看${row.name}的匹配客户`;
        return row.item_id === null ? (
          <Button type="link" size="small" onClick={() => open(row)} aria-label={label}>
            {count} 家
          </Button>
        ) : (
          <Link to={policyCustomersPath(row.item_id)} aria-label={label}>
            {count} 家
          </Link>
        );
      },
    },
  ];
}

export function publicityColumns(offset: number): TableColumnsType<PublicityItem> {
  return [
    indexColumn(offset),
    {
      title: '公示标题',
      dataIndex: 'title',
      render: (title: string, row) => <PolicyItemTitle id={row.item_id} title={title} />,
    },
    { title: '企业名称', dataIndex: 'companyname', width: '24%' },
    { title: '公示部门', dataIndex: 'dept', width: '18%', ellipsis: true },
    { title: '资质/项目', dataIndex: 'qualification', width: 130, ellipsis: true },
    { title: '公示时间', dataIndex: 'publishtime', width: 116, render: date },
  ];
}

export function feedColumns(offset: number, tab: SubTab): TableColumnsType<PolicyFeedItem> {
  return [
    indexColumn(offset),
    {
      title: '标题',
      dataIndex: 'title',
      render: (title: string, row) => (
        <span>
          {tab === 'dyxm' && <Tag color="blue">{typeName(row.type)}</Tag>}
          <PolicyItemLink id={row.id} title={title} />
        </span>
      ),
    },
    { title: '发布部门', dataIndex: 'dept_name', width: '22%', ellipsis: true },
    { title: '地区', dataIndex: 'area_name', width: 96 },
    { title: '发布时间', dataIndex: 'publish_time', width: 116, render: date },
    ...(tab === 'sbtz'
      ? [{ title: '申报截止', dataIndex: 'end_time', width: 116, render: date } as const]
      : []),
  ];
}

export function customerColumns(offset: number): TableColumnsType<CustomerItem> {
  return [
    indexColumn(offset),
    { title: '企业名称', dataIndex: 'cus_name' },
    { title: '所属地区', dataIndex: 'area_name', width: 96 },
    { title: '行业', dataIndex: 'industry_name', width: '26%', ellipsis: true },
    {
      title: '高新技术企业',
      dataIndex: 'is_hightech',
      width: 110,
      render: (v: boolean) => (v ? <Tag color="green">是</Tag> : '否'),
    },
  ];
}

/** A publicity entry's key: its identity within a notice, the notice and its time. */
export const publicityKey = (row: PublicityItem) => `${row.identityid}|${row.title}|${row.publishtime}`;
