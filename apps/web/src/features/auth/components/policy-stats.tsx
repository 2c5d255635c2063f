// The policy totals under the brand panel's highlights. Fetched after the first paint, and only where the panel
// shows (wide screens); their space is reserved, so the panel does not move when the numbers arrive. They count the
// whole platform (every region), so they say so: the dashboard's counts are the member's city and province only.
import type { PolicyCountItem } from '@uc/shared';
import { useEffect, useId, useState } from 'react';
import { numberText } from '../../../lib/ui/number-text';
import { whenIdle } from '../../../lib/ui/when-idle';

/** What the totals count (docs/decisions.md "Member web app"). */
const SCOPE = '统计范围：全平台（所有地区）';

/** The brand panel shows from this width up (auth.css hides it below). */
const PANEL_QUERY = '(min-width: 901px)';

/** The three categories in the panel's order, with their names until the server's arrive. */
const SLOTS = [
  { type: 'sbtz', name: '申报通知' },
  { type: 'gsgg', name: '公示公告' },
  { type: 'zcdt', name: '政策动态' },
] as const;

const loadPolicyCount = () => import('../api/get-policy-count');

export function PolicyStats() {
  const [items, setItems] = useState<PolicyCountItem[] | null>(null);
  const scopeId = useId();

  useEffect(() => {
    if (typeof window.matchMedia === 'function' && !window.matchMedia(PANEL_QUERY).matches) return;
    let live = true;
    const cancel = whenIdle(() => {
      void loadPolicyCount()
        .then(({ getPolicyCount }) => getPolicyCount())
        .then(
          (next) => {
            if (live) setItems(next);
          },
          () => {
            // The placeholders stay: the totals are decoration, never an error on a sign-in page.
          },
        );
    }, 3_000);
    return () => {
      live = false;
      cancel();
    };
  }, []);

  return (
    <div className="uc-auth-stats">
      <p id={scopeId} className="uc-auth-stats-scope">
        {SCOPE}
      </p>
      <dl className="uc-auth-stats-list" aria-labelledby={scopeId} aria-busy={items === null}>
        {SLOTS.map((slot) => {
          const item = items?.find((i) => i.type === slot.type);
          return (
            <div key={slot.type} className="uc-auth-stat">
              <dt>{item?.name || slot.name}</dt>
              <dd>{item ? numberText(item.count) : <span className="uc-auth-stat-placeholder" />}</dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
