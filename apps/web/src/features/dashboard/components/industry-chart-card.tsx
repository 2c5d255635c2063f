// The member's customers by industry: a donut of the largest industries (ECharts, loaded after first view)
// beside an HTML legend with each industry's count and share; a slice or a legend entry opens 我的客户 filtered to it.
import type { DistributionItem } from '@uc/shared';
import { Card, Skeleton } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Chart } from '../../../components/charts/chart';
import { useDistributionByIndustry } from '../api/get-distribution-by-industry';
import { industryListHref } from '../model/chart-links';
import { industryPieOption, industrySlices } from '../model/chart-options';
import { QueryView } from './card-states';
import { EmptyData } from './empty-data';

export const CHART_HEIGHT = 300;

/** Short names of the GB/T 4754 sections for the legend (the full name is in its tooltip and the chart's). */
const SHORT_INDUSTRY: Readonly<Record<string, string>> = {
  A: '农林牧渔业',
  B: '采矿业',
  C: '制造业',
  D: '电力燃气水',
  E: '建筑业',
  F: '批发零售业',
  G: '交通运输仓储',
  H: '住宿餐饮业',
  I: '信息技术服务',
  J: '金融业',
  K: '房地产业',
  L: '租赁商务服务',
  M: '科研技术服务',
  N: '水利环境设施',
  O: '居民服务修理',
  P: '教育',
  Q: '卫生社会工作',
  R: '文体娱乐业',
  S: '公共管理组织',
  T: '国际组织',
};

function IndustryChart({ items }: { items: readonly DistributionItem[] }) {
  const navigate = useNavigate();
  const slices = useMemo(() => industrySlices(items), [items]);
  const option = useMemo(() => industryPieOption(slices), [slices]);
  const hrefs = useMemo(
    () => new Map(slices.map((s) => [s.name, industryListHref(s, slices, items)])),
    [slices, items],
  );
  if (slices.length === 0) return <EmptyData height={CHART_HEIGHT} />;
  const onPick = (name: string) => {
    const href = hrefs.get(name);
    if (href) navigate(href);
  };
  return (
    <div className="uc-industry-wrap">
      <div className="uc-industry" style={{ minHeight: CHART_HEIGHT }}>
        <div className="uc-industry-chart">
          <Chart option={option} height={240} ariaLabel="客户行业分布图" onPick={onPick} />
        </div>
        <ul className="uc-industry-legend" aria-label="客户行业分布明细">
          {slices.map((s) => {
            const href = hrefs.get(s.name);
            const content = (
              <>
                <span className="uc-industry-dot" style={{ background: s.color }} aria-hidden="true" />
                <span className="uc-industry-name" title={s.name}>
                  {SHORT_INDUSTRY[s.key] ?? s.name}
                </span>
                <span className="uc-industry-count">{s.value}</span>
                <span className="uc-industry-percent">{s.percent}%</span>
              </>
            );
            return (
              <li key={s.name} className="uc-industry-legend-item">
                {href ? (
                  <Link to={href} className="uc-industry-link">
                    {content}
                    {/* The visible text stays part of the link's name; the full industry is read after it. */}
                    <span className="uc-sr-only">
                      {(SHORT_INDUSTRY[s.key] ?? s.name) === s.name ? '' : `（${s.name}）`}
                      ，查看客户列表
                    </span>
                  </Link>
                ) : (
                  content
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

export function IndustryChartCard({ userId, loggedIn }: { userId: number; loggedIn: boolean }) {
  const query = useDistributionByIndustry(userId, loggedIn);
  return (
    <Card title="客户行业分布" className="uc-dash-card" data-testid="card-industry">
      <QueryView
        query={query}
        loggedIn={loggedIn}
        what="客户行业分布"
        skeleton={<Skeleton.Node style={{ width: '100%', height: CHART_HEIGHT }} />}
      >
        {(items) => <IndustryChart items={items} />}
      </QueryView>
    </Card>
  );
}
