// The member's customers by district of a city; the city comes from (and is saved to) the cityinfo cookie. A bar (or
// its district's band or name) opens 我的客户 filtered to the district.
import { DownOutlined } from '@ant-design/icons';
import { CITIES, type DistributionItem } from '@uc/shared';
import { Button, Card, Dropdown, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Chart } from '../../../components/charts/chart';
import { getCity, setCity } from '../../../lib/session/cookies';
import { useDistributionByArea } from '../api/get-distribution-by-area';
import { areaListHref } from '../model/chart-links';
import { areaBarOption } from '../model/chart-options';
import { QueryView } from './card-states';
import { EmptyData } from './empty-data';
import { CHART_HEIGHT } from './industry-chart-card';

// A dropdown menu rather than a Select: the layout's header already loads its code, so the picker costs the
// dashboard's first view nothing.
const CITY_ITEMS = CITIES.map((c) => ({ key: c.citycode, label: c.cityname }));

function AreaChart({ items, cityname }: { items: readonly DistributionItem[]; cityname: string }) {
  const navigate = useNavigate();
  const option = useMemo(() => areaBarOption(items), [items]);
  if (!items.some((i) => i.count > 0)) return <EmptyData height={CHART_HEIGHT} />;
  const onPick = (name: string) => {
    const row = items.find((i) => (i.keyname || i.key) === name);
    const href = row ? areaListHref(row.key) : null;
    if (href) navigate(href);
  };
  return (
    <Chart option={option} height={CHART_HEIGHT} ariaLabel={`${cityname}客户区域分布图`} onPick={onPick} />
  );
}

export function AreaChartCard({ userId, loggedIn }: { userId: number; loggedIn: boolean }) {
  const [city, setCityState] = useState(getCity);
  const query = useDistributionByArea(userId, { citycode: city.citycode }, loggedIn);

  const onCityChange = (citycode: string) => {
    const next = CITIES.find((c) => c.citycode === citycode);
    if (!next) return;
    const info = { citycode: next.citycode, cityname: next.cityname };
    setCity(info);
    setCityState(info);
  };

  return (
    <Card
      title="客户区域分布"
      className="uc-dash-card"
      data-testid="card-area"
      extra={
        <Dropdown
          trigger={['click']}
          disabled={!loggedIn}
          menu={{
            items: CITY_ITEMS,
            selectable: true,
            selectedKeys: [city.citycode],
            onClick: ({ key }) => onCityChange(key),
          }}
        >
          <Button size="small" aria-label={`选择城市：${city.cityname}`} className="uc-city-picker">
            {city.cityname}
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
      }
    >
      <QueryView
        query={query}
        loggedIn={loggedIn}
        what="客户区域分布"
        skeleton={<Skeleton.Node style={{ width: '100%', height: CHART_HEIGHT }} />}
      >
        {(items) => <AreaChart items={items} cityname={city.cityname} />}
      </QueryView>
    </Card>
  );
}
