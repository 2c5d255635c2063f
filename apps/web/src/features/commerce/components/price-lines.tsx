// The order's price breakdown: every line of order.lines (credits negative), then the final price.
import type { PriceLine } from '@uc/shared';
import { Typography } from 'antd';
import { yuanText } from '../../../lib/ui/yuan-text';

export function PriceLines({
  lines,
  price,
  busy,
}: {
  lines: readonly PriceLine[];
  price: number;
  busy: boolean;
}) {
  return (
    <dl className="uc-shop-lines" aria-label="价格明细" aria-busy={busy}>
      {lines.map((line) => (
        <div key={line.label} className="uc-shop-line">
          <dt>{line.label}</dt>
          <dd className={line.amount < 0 ? 'uc-shop-credit' : undefined}>{yuanText(line.amount)}</dd>
        </div>
      ))}
      <div className="uc-shop-line uc-shop-total">
        <dt>应付金额</dt>
        <dd>
          <Typography.Text strong type="danger" className="uc-shop-price" data-testid="final-price">
            {yuanText(price)}
          </Typography.Text>
        </dd>
      </div>
    </dl>
  );
}
