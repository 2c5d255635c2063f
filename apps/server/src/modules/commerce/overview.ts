// The console's 概览: the period's figures day by day (Asia/Shanghai) — revenue per channel, new and paying members,
// orders by state, refunds — for the page's cards and charts and for its .xlsx export.
import {
  DAY_MS,
  MSG,
  ORDER_STATUS_NAMES,
  ORDER_STATUSES,
  OVERVIEW_DEFAULT_DAYS,
  OVERVIEW_MAX_DAYS,
  type Overview,
  type OverviewDay,
  type OverviewQuery,
  PAY_CHANNEL_NAMES,
  shanghaiDate,
  shanghaiDayBounds,
} from '@uc/shared';
import type { Db } from '../../db/connection.js';
import { errors } from '../../errors.js';
import {
  newMembersByHour,
  ordersByHour,
  payersByHour,
  refundsByHour,
  revenueByHour,
} from './overview-repo.js';

/** The Shanghai day of a UTC hour 'YYYY-MM-DDTHH'. */
const dayOfHour = (hour: string) => shanghaiDate(`${hour}:00:00.000Z`);

const dateAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The period the query names: default the last 30 days; from <= to, at most OVERVIEW_MAX_DAYS days. */
export function periodOf(query: OverviewQuery, now: Date): { from: string; to: string; dates: string[] } {
  const to = query.to ?? shanghaiDate(now);
  const from = query.from ?? dateAfter(to, -(OVERVIEW_DEFAULT_DAYS - 1));
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (!(span >= 1 && span <= OVERVIEW_MAX_DAYS)) throw errors.badRequest(MSG.overviewRangeInvalid);
  return { from, to, dates: Array.from({ length: span }, (_, i) => dateAfter(from, i)) };
}

export function createOverview({ db, now }: { db: Db; now: () => Date }) {
  return {
    async read(query: OverviewQuery): Promise<Overview> {
      const { from, to, dates } = periodOf(query, now());
      const bounds = shanghaiDayBounds(from, to);
      const [start, until] = [bounds.from ?? '', bounds.until ?? ''];
      const [revenue, members, payers, orders, refunds] = await Promise.all([
        revenueByHour(db, start, until),
        newMembersByHour(db, start, until),
        payersByHour(db, start, until),
        ordersByHour(db, start, until),
        refundsByHour(db, start, until),
      ]);
      const days = new Map<string, OverviewDay & { payers: Set<number> }>(
        dates.map((date) => [
          date,
          {
            date,
            revenue_fen: 0,
            by_channel: {},
            new_members: 0,
            paying_members: 0,
            orders: 0,
            refunds: 0,
            refund_fen: 0,
            payers: new Set(),
          },
        ]),
      );
      // Every bucket lies inside the period's bounds, so its day is one of `dates`.
      const dayOf = (hour: string) => days.get(dayOfHour(hour));
      const channels = new Map<string, number>();
      for (const r of revenue) {
        const day = dayOf(r.hour);
        if (!day) continue;
        const fen = Number(r.fen ?? 0);
        day.revenue_fen += fen;
        day.by_channel[r.channel] = (day.by_channel[r.channel] ?? 0) + fen;
        channels.set(r.channel, (channels.get(r.channel) ?? 0) + fen);
      }
      for (const r of members) {
        const day = dayOf(r.hour);
        if (day) day.new_members += Number(r.n);
      }
      const allPayers = new Set<number>();
      for (const r of payers) {
        dayOf(r.hour)?.payers.add(r.user_id);
        allPayers.add(r.user_id);
      }
      const byStatus = new Map<string, number>();
      for (const r of orders) {
        const day = dayOf(r.hour);
        if (day) day.orders += Number(r.n);
        byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + Number(r.n));
      }
      for (const r of refunds) {
        const day = dayOf(r.hour);
        if (!day) continue;
        day.refunds += Number(r.n);
        day.refund_fen += Number(r.fen ?? 0);
      }
      const list = [...days.values()].map(({ payers: dayPayers, ...day }) => ({
        ...day,
        paying_members: dayPayers.size,
      }));
      const sum = (pick: (d: OverviewDay) => number) => list.reduce((n, d) => n + pick(d), 0);
      return {
        from,
        to,
        days: list,
        channels: [...channels]
          .sort((a, b) => b[1] - a[1])
          .map(([channel, fen]) => ({
            channel,
            name: PAY_CHANNEL_NAMES[channel] ?? channel,
            revenue_fen: fen,
          })),
        orders_by_status: ORDER_STATUSES.filter((s) => byStatus.has(s)).map((status) => ({
          status,
          name: ORDER_STATUS_NAMES[status],
          count: byStatus.get(status) ?? 0,
        })),
        totals: {
          revenue_fen: sum((d) => d.revenue_fen),
          new_members: sum((d) => d.new_members),
          paying_members: allPayers.size,
          orders: sum((d) => d.orders),
          refunds: sum((d) => d.refunds),
          refund_fen: sum((d) => d.refund_fen),
        },
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverview>;
