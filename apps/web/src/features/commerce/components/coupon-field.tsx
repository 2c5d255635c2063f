// The order's coupon (优惠券), above the price lines: the member's coupons in force as the server offers them for this
// order at its price, best first; a usable one with what it takes off, the others disabled with why. Choosing one
// prices the order again (usePaymentAttempt); 不使用优惠券 is 0.
import { type OrderCoupon, shanghaiMinute } from '@uc/shared';
import { Select, Typography } from 'antd';
import { useId } from 'react';
import { yuanText } from '../../../lib/ui/yuan-text';
import { NO_COUPON } from '../model/use-payment-attempt';

const NONE_LABEL = '不使用优惠券';
const EMPTY_LABEL = '暂无可用优惠券';

/** What a coupon takes off this order: -¥200.00. */
const discountText = (coupon: OrderCoupon) => yuanText(-coupon.discount);

interface CouponOption {
  value: number;
  label: string;
  disabled?: boolean;
  coupon?: OrderCoupon;
}

/** One coupon of the list: name and rule, what it takes off (or why it cannot), until when it is valid. */
function CouponOptionView({ coupon }: { coupon: OrderCoupon }) {
  return (
    <div className="uc-shop-coupon-option">
      <div className="uc-shop-coupon-option-main">
        <span className="uc-shop-coupon-option-name">
          {coupon.name} · {coupon.rule}
        </span>
        {coupon.usable && <span className="uc-shop-coupon-off">{discountText(coupon)}</span>}
      </div>
      <span className="uc-shop-coupon-option-note">
        {coupon.usable ? `有效期至 ${shanghaiMinute(coupon.valid_end)}` : coupon.reason}
      </span>
    </div>
  );
}

export function CouponField({
  coupons,
  value,
  disabled,
  warning,
  onChange,
}: {
  /** The order's coupons (order.coupons). */
  coupons: readonly OrderCoupon[];
  /** The coupon applied (its id), 0 for none. */
  value: number;
  disabled: boolean;
  /** Why the coupon chosen is not applied. */
  warning: string | null;
  onChange: (coupon: number) => void;
}) {
  const id = useId();
  const usable = coupons.filter((c) => c.usable).length;
  const options: CouponOption[] =
    coupons.length === 0
      ? [{ value: NO_COUPON, label: EMPTY_LABEL }]
      : [
          { value: NO_COUPON, label: NONE_LABEL },
          ...coupons.map((coupon) => ({
            value: coupon.id,
            label: `${coupon.name} · ${coupon.rule}${coupon.usable ? ` · ${discountText(coupon)}` : ''}`,
            disabled: !coupon.usable,
            coupon,
          })),
        ];
  return (
    <div className="uc-shop-coupon">
      <div className="uc-shop-coupon-head">
        <label htmlFor={id}>优惠券</label>
        {value === NO_COUPON && coupons.length > 0 && (
          <Typography.Text
            type={usable > 0 ? 'danger' : 'secondary'}
            className="uc-shop-small"
            data-testid="coupon-hint"
          >
            {usable > 0 ? `${usable} 张可用` : '暂无可用'}
          </Typography.Text>
        )}
      </div>
      <Select<number, CouponOption>
        id={id}
        aria-label="优惠券"
        className="uc-shop-coupon-select"
        value={value}
        disabled={disabled || coupons.length === 0}
        options={options}
        virtual={false}
        classNames={{ popup: { root: 'uc-shop-coupon-popup' } }}
        labelRender={({ value: selected }) => {
          const coupon = coupons.find((c) => c.id === selected);
          if (!coupon) return coupons.length === 0 ? EMPTY_LABEL : NONE_LABEL;
          return (
            <span className="uc-shop-coupon-option-main">
              <span className="uc-shop-coupon-option-name">
                {coupon.name} · {coupon.rule}
              </span>
              <span className="uc-shop-coupon-off">{discountText(coupon)}</span>
            </span>
          );
        }}
        optionRender={(option) =>
          option.data.coupon ? <CouponOptionView coupon={option.data.coupon} /> : option.data.label
        }
        onChange={onChange}
      />
      {warning && (
        <Typography.Text type="warning" className="uc-shop-small" role="alert" data-testid="coupon-warning">
          {warning}
        </Typography.Text>
      )}
    </div>
  );
}
