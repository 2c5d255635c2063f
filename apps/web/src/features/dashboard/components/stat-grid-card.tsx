// A dashboard card of counts: its data's states (card-states.tsx), then a grid of linked stat tiles.
import type { UseQueryResult } from '@tanstack/react-query';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { QueryView } from './card-states';
import { StatTile, type StatTileProps } from './stat-tile';

export interface StatGridCardProps<T> {
  title: string;
  testId: string;
  query: UseQueryResult<T>;
  loggedIn: boolean;
  /** What the visitor would see after logging in. */
  what: string;
  columns: 3 | 5;
  tiles: (data: T) => (StatTileProps & { key: string })[];
  /** Beside the title: what the counts cover. */
  extra?: ReactNode;
}

export function StatGridCard<T>({
  title,
  testId,
  query,
  loggedIn,
  what,
  columns,
  tiles,
  extra,
}: StatGridCardProps<T>) {
  return (
    <Card title={title} extra={extra} className="uc-dash-card" data-testid={testId}>
      <QueryView query={query} loggedIn={loggedIn} what={what} rows={2}>
        {(data) => (
          <div className={`uc-stat-grid uc-stat-grid-${columns}`}>
            {tiles(data).map(({ key, ...tile }) => (
              <StatTile key={key} {...tile} />
            ))}
          </div>
        )}
      </QueryView>
    </Card>
  );
}
