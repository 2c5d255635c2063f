// /policy/calendar (申报日历): the open items of the member's subscriptions (推送设置) and favourites (收藏) by deadline,
// a month at a time through ?month=YYYY-MM: a calendar on a wide screen, a list by day on a phone. Its first view
// (no month in the URL) is answered inside the page; the month and today come from that answer, never the clock.
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { CALENDAR_MONTH, type CalendarItem, shanghaiDate, shanghaiMinute } from '@uc/shared';
import { Alert, Button, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { LoadErrorResult } from '../../components/load-error-result';
import { PolicyItemLink } from '../../components/policy-item-link';
import type { FirstQueries } from '../../lib/routing/lazy-page';
import { useAuthStore } from '../../lib/session/auth-store';
import { PHONE_QUERY, useMediaQuery } from '../../lib/ui/use-media-query';
import { paths } from '../../paths';
import { calendarQueryOptions, useCalendar } from './api/get-calendar';
import './policy-items.css';

/** The month next to `month` (YYYY-MM), `step` months away. */
export function shiftMonth(month: string, step: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + step;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

function Why({ item }: { item: CalendarItem }) {
  return (
    <>
      {item.subscribed && <Tag color="blue">订阅</Tag>}
      {item.favourite && <Tag color="gold">收藏</Tag>}
    </>
  );
}

/** The month's items grouped by deadline day, nearest first. */
function byDay(items: readonly CalendarItem[]): [string, CalendarItem[]][] {
  const days = new Map<string, CalendarItem[]>();
  for (const item of items) {
    const day = shanghaiDate(item.end_time);
    days.set(day, [...(days.get(day) ?? []), item]);
  }
  return [...days];
}

function DayList({ items }: { items: readonly CalendarItem[] }) {
  if (items.length === 0) return <Empty description="本月没有待截止的订阅或收藏" />;
  return (
    <ul className="uc-calendar-list" aria-label="申报截止列表">
      {byDay(items).map(([day, list]) => (
        <li key={day} className="uc-calendar-day">
          <div className="uc-calendar-day-title">{day} 截止</div>
          <ul className="uc-calendar-list">
            {list.map((item) => (
              <li key={item.id} className="uc-calendar-item">
                <PolicyItemLink id={item.id} title={item.title} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {item.dept_name} · 截止 {shanghaiMinute(item.end_time)}
                </Typography.Text>
                <Why item={item} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'] as const;

/** A cell of the month grid: a day of the month (YYYY-MM-DD), or null before the 1st and after the last day. */
interface GridCell {
  key: string;
  day: string | null;
}

/** The weeks of a YYYY-MM month, Monday first (from the month alone: the same on the server and in the browser). */
export function monthWeeks(month: string): GridCell[][] {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(year, mon - 1, 1)).getUTCDay() + 6) % 7;
  const cells: GridCell[] = Array.from({ length: lead }, (_, i) => ({ key: `before-${i}`, day: null }));
  for (let d = 1; d <= length; d += 1) {
    const day = `${month}-${String(d).padStart(2, '0')}`;
    cells.push({ key: day, day });
  }
  for (let i = 0; cells.length % 7 !== 0; i += 1) cells.push({ key: `after-${i}`, day: null });
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

function MonthGrid({
  month,
  today,
  items,
}: {
  month: string;
  today: string;
  items: readonly CalendarItem[];
}) {
  const days = new Map(byDay(items));
  return (
    <div className="uc-calendar-scroll">
      <table className="uc-calendar-grid" aria-label="申报截止日历">
        <thead>
          <tr>
            {WEEKDAYS.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week[0]?.key}>
              {week.map(({ key, day }) => {
                if (day === null) return <td key={key} className="uc-calendar-blank" />;
                const list = days.get(day) ?? [];
                const isToday = day === today;
                return (
                  <td
                    key={key}
                    className={isToday ? 'uc-calendar-today' : undefined}
                    aria-current={isToday ? 'date' : undefined}
                  >
                    <div className="uc-calendar-date">
                      {Number(day.slice(8))}
                      {isToday && <span className="uc-calendar-today-mark">今天</span>}
                    </div>
                    {list.length > 0 && (
                      <ul className="uc-calendar-cell">
                        {list.map((item) => (
                          <li key={item.id}>
                            <PolicyItemLink id={item.id} title={item.title} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** This month's items (the URL without ?month), answered inside the page. */
export const firstQueries: FirstQueries = (client, userId) => [
  client.prefetchQuery(calendarQueryOptions(userId, undefined)),
];

export function PolicyCalendarPage({ title }: { title?: string }) {
  const userId = useAuthStore((s) => s.id);
  const phone = useMediaQuery(PHONE_QUERY);
  const [search, setSearch] = useSearchParams();
  const raw = search.get('month');
  const asked = raw && CALENDAR_MONTH.test(raw) ? raw : undefined;
  const query = useCalendar(userId, asked);
  const month = asked ?? query.data?.month;
  const go = (step: number) => {
    if (!month) return;
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      next.set('month', shiftMonth(month, step));
      return next;
    });
  };
  const items = query.data?.items ?? [];
  return (
    <Card
      title={title || '申报日历'}
      data-testid="policy-calendar-page"
      extra={<Link to={paths.subSettings}>提醒设置</Link>}
    >
      <Flex align="center" gap={8} wrap style={{ marginBottom: 16 }}>
        <Button icon={<LeftOutlined />} aria-label="上个月" onClick={() => go(-1)} disabled={!month} />
        <Typography.Text strong aria-live="polite" style={{ minWidth: 88, textAlign: 'center' }}>
          {month ? `${month.slice(0, 4)}年${Number(month.slice(5))}月` : ''}
        </Typography.Text>
        <Button icon={<RightOutlined />} aria-label="下个月" onClick={() => go(1)} disabled={!month} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          订阅（推送设置）与收藏中尚未截止的申报通知，按截止日期排列
        </Typography.Text>
      </Flex>
      {query.data?.truncated && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="本月项目较多，仅显示截止最早的部分"
        />
      )}
      {query.isError && !query.data ? (
        <LoadErrorResult error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data || !month ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : phone ? (
        <DayList items={items} />
      ) : (
        <>
          <MonthGrid month={month} today={query.data.today} items={items} />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            本月截止
          </Typography.Title>
          <DayList items={items} />
        </>
      )}
    </Card>
  );
}
