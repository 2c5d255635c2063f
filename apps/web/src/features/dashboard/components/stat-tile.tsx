// A count on the dashboard that is also a link: icon (with an optional marker beside it), label, number.
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface StatTileProps {
  label: string;
  value: number;
  unit: string;
  to: string;
  icon: ReactNode;
  color: string;
  marker?: ReactNode;
}

export function StatTile({ label, value, unit, to, icon, color, marker }: StatTileProps) {
  return (
    <Link to={to} className="uc-stat-tile" aria-label={`${label} ${value}${unit}`}>
      <span className="uc-stat-top">
        <span className="uc-stat-icon" style={{ color, background: `${color}14` }} aria-hidden="true">
          {icon}
        </span>
        {marker}
      </span>
      <span className="uc-stat-body">
        <span className="uc-stat-label">{label}</span>
        <span className="uc-stat-value-row">
          <span className="uc-stat-value" data-testid="stat-value">
            {value.toLocaleString('zh-CN')}
          </span>
          <span className="uc-stat-unit">{unit}</span>
        </span>
      </span>
    </Link>
  );
}
