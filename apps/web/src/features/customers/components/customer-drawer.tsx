// One customer's detail: company (getCusData), its tags (editable), 跟进记录 (the member's follow-up notes), IP
// (GetPatentBycustomerId), high-tech pre-assessment (getGrade), qualifications, funding publicity and the open
// projects it matches (getCusAllInfo), each project and publicity opening its notice when known. Each section loads on
// its own.
import { shanghaiDate } from '@uc/shared';
import {
  Descriptions,
  Drawer,
  Empty,
  Grid,
  List,
  Progress,
  Skeleton,
  Space,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import type { ReactNode } from 'react';
import { LoadErrorResult } from '../../../components/load-error-result';
import { PolicyItemTitle } from '../../../components/policy-item-link';
import { numberText } from '../../../lib/ui/number-text';
import { useCusAllInfo, useCusData, useCustomerPatents, useGrade } from '../api/get-customer-detail';
import { CustomerNotes } from './customer-notes';
import { CustomerTagsEditor } from './customer-tags-editor';

const NO_DATA = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;

interface SectionQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A titled part of the drawer with its own loading and error state. */
function Section<T>({
  title,
  query,
  testId,
  children,
}: {
  title: string;
  query: SectionQuery<T>;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <section className="customer-section" data-testid={testId}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {query.isError && !query.data ? (
        <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data === undefined ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        children(query.data)
      )}
    </section>
  );
}

const GRADE_COLOR = { A: 'green', B: 'blue', C: 'orange', D: 'red' } as const;

/** Projects or publicity of the customer: each title opening its notice when it is known. */
function NoticeList({
  rows,
}: {
  rows: readonly { key: string | number; id: number | null; title: string; description: string }[];
}) {
  return (
    <List
      size="small"
      dataSource={rows}
      rowKey="key"
      locale={{ emptyText: NO_DATA }}
      renderItem={(row) => (
        <List.Item>
          <List.Item.Meta
            title={<PolicyItemTitle id={row.id} title={row.title} />}
            description={row.description}
          />
        </List.Item>
      )}
    />
  );
}

export function CustomerDrawer({ userId, id, onClose }: { userId: number; id: number; onClose: () => void }) {
  const screens = Grid.useBreakpoint();
  const company = useCusData(userId, id);
  const patents = useCustomerPatents(userId, id);
  const grade = useGrade(userId, id);
  const all = useCusAllInfo(userId, id);

  return (
    <Drawer
      open={id > 0}
      onClose={onClose}
      size={screens.md ? 640 : '100%'}
      title={company.data?.cus_name ?? '客户详情'}
      destroyOnHidden
      data-testid="customer-drawer"
    >
      <Section title="企业信息" query={company} testId="customer-company">
        {(c) => (
          <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
            <Descriptions.Item label="企业名称" span={2}>
              {c.cus_name}
            </Descriptions.Item>
            <Descriptions.Item label="所属行业">{c.industry_name}</Descriptions.Item>
            <Descriptions.Item label="所在地区">
              {c.area_name === c.city_name ? c.city_name : `${c.city_name} ${c.area_name}`}
            </Descriptions.Item>
            <Descriptions.Item label="注册资本">{`${numberText(c.reg_capital)}万元`}</Descriptions.Item>
            <Descriptions.Item label="成立日期">{c.reg_time}</Descriptions.Item>
            <Descriptions.Item label="高新技术企业">{c.is_hightech ? '是' : '否'}</Descriptions.Item>
            <Descriptions.Item label="添加时间">{shanghaiDate(c.created_at)}</Descriptions.Item>
          </Descriptions>
        )}
      </Section>

      <Section title="标签" query={all} testId="customer-tags-section">
        {(d) => (
          <CustomerTagsEditor key={d.customer.id} userId={userId} id={id} initial={d.customer.tags ?? []} />
        )}
      </Section>

      <section className="customer-section" data-testid="customer-notes">
        <Typography.Title level={5}>跟进记录</Typography.Title>
        <CustomerNotes userId={userId} id={id} />
      </section>

      <Section title="知识产权" query={patents} testId="customer-ip">
        {(ip) => (
          <div className="customer-ip-grid">
            <Statistic title="Ⅰ类知识产权" value={ip.ipcount1} suffix="件" />
            <Statistic title="Ⅱ类知识产权" value={ip.ipcount2} suffix="件" />
            <Statistic title="发明专利" value={ip.fmzl_count} suffix="件" />
            <Statistic title="软件著作权" value={ip.rjzzq_count} suffix="件" />
            <Statistic title="实用新型" value={ip.syxx_count} suffix="件" />
            <Statistic title="外观设计" value={ip.wg_count} suffix="件" />
          </div>
        )}
      </Section>

      <Section title="资质" query={all} testId="customer-qualifications">
        {(d) =>
          d.qualifications.length === 0 ? (
            NO_DATA
          ) : (
            <Space wrap>
              {d.qualifications.map((q) => (
                <Tag key={q} color="blue">
                  {q}
                </Tag>
              ))}
            </Space>
          )
        }
      </Section>

      <Section title="高企预评估" query={grade} testId="customer-grade">
        {(g) => (
          <div>
            <Space align="center" wrap>
              <Progress type="circle" size={72} percent={g.score} format={() => `${g.score}分`} />
              <Space direction="vertical" size={4}>
                <span>
                  评级 <Tag color={GRADE_COLOR[g.grade]}>{g.grade}</Tag>
                </span>
                <Typography.Text>{g.conclusion}</Typography.Text>
              </Space>
            </Space>
            <Descriptions column={1} size="small" style={{ marginTop: 12 }}>
              {g.items.map((item) => (
                <Descriptions.Item key={item.name} label={item.name}>
                  {`${item.score} / ${item.max}`}
                </Descriptions.Item>
              ))}
            </Descriptions>
          </div>
        )}
      </Section>

      <Section title="匹配的在申报项目" query={all} testId="customer-projects">
        {(d) => (
          <NoticeList
            rows={d.projects.map((p) => ({
              key: p.mid,
              id: p.item_id,
              title: p.name,
              description: `${p.dept_name} · ${shanghaiDate(p.start_time)}`,
            }))}
          />
        )}
      </Section>

      <Section title="资金公示" query={all} testId="customer-publicity">
        {(d) => (
          <NoticeList
            rows={d.publicity.map((p) => ({
              key: `${p.identityid}|${p.title}|${p.publishtime}`,
              id: p.item_id,
              title: p.title,
              description: `${p.dept} · ${shanghaiDate(p.publishtime)}${p.qualification ? ` · ${p.qualification}` : ''}`,
            }))}
          />
        )}
      </Section>
    </Drawer>
  );
}
