// A count on the dashboard that is also a link: icon, label, number, and an optional marker beside the icon.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { numberText } from '../../../lib/ui/number-text';

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
  // The link is named by what it shows ("申报通知 878 条"), so a voice user can say what they see. The marker
  // sits beside the link rather than in it: its own text would otherwise become part of that name.
  return (
    <div className="uc-stat-cell">
      <Link to={to} className="uc-stat-tile">
        <span className="uc-stat-top">
          <span className="uc-stat-icon" style={{ color, background: `${color}14` }} aria-hidden="true">
            {icon}
          </span>
        </span>
        <span className="uc-stat-body">
          <span className="uc-stat-label">{label}</span>{' '}
          <span className="uc-stat-value-row">
            <span className="uc-stat-value" data-testid="stat-value">
              {numberText(value)}
            </span>{' '}
            <span className="uc-stat-unit">{unit}</span>
          </span>
        </span>
      </Link>
      {marker && <span className="uc-stat-marker">{marker}</span>}
    </div>
  );
}
