// 我的卡券's 优惠券 tab: the member's coupons by state (the filter in the URL's `status`), each drawn as a coupon: what it
// takes off on the left, its name, rule, goods, validity, state and where it came from on the right, and the order
// that holds or used it.
import {
  COUPON_KIND_TEXT,
  COUPON_SOURCE_TEXT,
  COUPON_STATE_TEXT,
  COUPON_STATES,
  type CouponState,
  type MyCoupon,
  shanghaiMinute,
} from '@uc/shared';
import { Empty, Segmented, Tag, Typography } from 'antd';
import { QueryRows } from '../../../components/query-rows';
import { type StateChoice, useStatusFilter } from '../../../components/status-filter';
import { useAuthStore } from '../../../lib/session/auth-store';
import { numberText } from '../../../lib/ui/number-text';
import { useMyCoupons } from '../api/get-my-coupons';

const STATE_COLOR: Record<CouponState, string> = {
  unused: 'red',
  locked: 'orange',
  used: 'default',
  expired: 'default',
};

/** What the coupon takes off, large: ¥200, or 8折. */
function CouponValue({ coupon }: { coupon: MyCoupon }) {
  if (coupon.kind === 'discount' && coupon.percent !== null) {
    return (
      <strong className="uc-coupon-value">
        {numberText(coupon.percent / 10, 1)}
        <small>折</small>
      </strong>
    );
  }
  return (
    <strong className="uc-coupon-value">
      <small>¥</small>
      {numberText(coupon.amount, 2)}
    </strong>
  );
}

function CouponCard({ coupon }: { coupon: MyCoupon }) {
  return (
    <li
      className={`uc-coupon uc-coupon-${coupon.state}`}
      aria-label={`${coupon.name} ${COUPON_STATE_TEXT[coupon.state]}`}
      data-testid={`coupon-${coupon.id}`}
    >
      <div className="uc-coupon-face">
        <CouponValue coupon={coupon} />
        <span className="uc-coupon-kind">{COUPON_KIND_TEXT[coupon.kind]}</span>
      </div>
      <div className="uc-coupon-body">
        <div className="uc-coupon-head">
          <Typography.Text strong className="uc-coupon-name">
            {coupon.name}
          </Typography.Text>
          <Tag color={STATE_COLOR[coupon.state]} className="uc-coupon-state">
            {COUPON_STATE_TEXT[coupon.state]}
          </Tag>
        </div>
        <Typography.Text className="uc-coupon-rule">{coupon.rule}</Typography.Text>
        <Typography.Text type="secondary" className="uc-coupon-line">
          适用：{coupon.scope}
        </Typography.Text>
        <Typography.Text type="secondary" className="uc-coupon-line">
          有效期至 {shanghaiMinute(coupon.valid_end)}
        </Typography.Text>
        <Typography.Text type="secondary" className="uc-coupon-line">
          来源：{COUPON_SOURCE_TEXT[coupon.source]}
        </Typography.Text>
        {coupon.out_trade_no && (
          <Typography.Text type="secondary" className="uc-coupon-line uc-coupon-order">
            {coupon.state === 'used' ? '使用订单' : '锁定订单'}：{coupon.out_trade_no}
          </Typography.Text>
        )}
      </div>
    </li>
  );
}

export function MyCoupons() {
  const userId = useAuthStore((s) => s.id);
  const { status, segmented } = useStatusFilter(COUPON_STATES, COUPON_STATE_TEXT);
  const query = useMyCoupons(userId, status ? { status } : {});

  return (
    <div className="uc-coupons-panel">
      <Segmented<StateChoice<CouponState>>
        aria-label="优惠券状态"
        className="uc-coupons-filter"
        {...segmented}
      />
      <Typography.Paragraph type="secondary" className="uc-coupons-note">
        优惠券在下单时于订单页选择使用，每笔订单限用一张。
      </Typography.Paragraph>
      <QueryRows
        query={query}
        empty={<Empty description="暂无优惠券" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      >
        {(coupons) => (
          <ul
            className="uc-coupons"
            aria-label="优惠券列表"
            style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}
          >
            {coupons.map((coupon) => (
              <CouponCard key={coupon.id} coupon={coupon} />
            ))}
          </ul>
        )}
      </QueryRows>
    </div>
  );
}
