// /payResult?out_trade_no= (支付结果, outside the menu): where a payment made away from the order page comes back
// (WeChat Pay H5's redirect_url, Alipay wap's return_url, WeChat's sheet). It never trusts the redirect's own
// parameters: it asks the server (GET pay/status) a few times, then says 支付成功 with the way on, or 支付未完成 with
// 重新支付 (the order page of that order) and 查看订单.
import type { OrderDetail } from '@uc/shared';
import { Card, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { LoadErrorResult } from '../../components/load-error-result';
import { useAccess } from '../../lib/access';
import type { MemberPlan } from '../../lib/renewal';
import { useCusInfo } from '../../lib/session/api/get-cus-info';
import { useAuthStore } from '../../lib/session/auth-store';
import { isRemembered } from '../../lib/session/cookies';
import { startSession } from '../../lib/session/session';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { paths } from '../../paths';
import { useOrderDetail } from './api/get-order-detail';
import { RESULT_CHECKS, usePayResult } from './api/get-pay-status';
import { UnknownPayResult } from './components/result-parts';
import { forgetAway, signInReturned } from './model/away-attempt';
import { continuePath, kindOfOrder, orderSuccessPath } from './model/pay-destinations';
import './commerce.css';

/** The way on of a paid order, by what it bought. */
const NEXT_LABEL = {
  plan: '查看开通结果',
  api: '查看开通结果',
  credits: '查看我的工具',
  gift: '查看卡密',
} as const;

/** The orders whose new token this tab stored (a page drawn again must not start the session once more). */
const tokenStoredFor = new Set<string>();

function Checking() {
  return (
    <Card className="uc-pay-result">
      <div className="uc-pay-result-checking" data-testid="pay-result-checking">
        <Spin size="large" description="正在确认支付结果…" />
      </div>
    </Card>
  );
}

function Paid({ order }: { order: OrderDetail }) {
  return (
    <Card className="uc-pay-result">
      <Result
        status="success"
        title="支付成功"
        subTitle={
          <>
            {order.name} 已支付
            <br />
            订单号 {order.out_trade_no}
          </>
        }
        extra={[
          <LinkButton key="next" type="primary" size="large" to={orderSuccessPath(order)} replace>
            {NEXT_LABEL[kindOfOrder(order)]}
          </LinkButton>,
          <LinkButton key="orders" size="large" to={paths.orderList}>
            查看订单
          </LinkButton>,
        ]}
      />
    </Card>
  );
}

function Unpaid({ order, member }: { order: OrderDetail; member: MemberPlan }) {
  return (
    <Card className="uc-pay-result">
      <Result
        status="warning"
        title="支付未完成"
        subTitle={
          order.payable
            ? '暂未收到该订单的付款。如已付款，请稍后在我的订单中查看；未付款可重新支付。'
            : '暂未收到该订单的付款，该订单已不能继续支付，请在我的订单中查看。'
        }
        extra={[
          order.payable && (
            <LinkButton key="again" type="primary" size="large" to={continuePath(order, member)} replace>
              重新支付
            </LinkButton>
          ),
          <LinkButton key="orders" size="large" to={paths.orderList}>
            查看订单
          </LinkButton>,
        ]}
      />
    </Card>
  );
}

export function PayResultPage() {
  useDocumentTitle('支付结果');
  const [search] = useSearchParams();
  const outTradeNo = search.get('out_trade_no') ?? '';
  const userId = useAuthStore((s) => s.id);
  const cusInfo = useCusInfo(userId);
  const access = useAccess(cusInfo.data);
  const member: MemberPlan = { isSub: access.isSub, gid: cusInfo.data?.gid, level: access.level };
  const status = usePayResult(userId, outTradeNo);
  // Back from WeChat's sign-in here instead of the order page: the order page pays again (see signInReturned).
  // Read in an effect: the tab's storage is no part of a drawn page's first render.
  const [signInBack, setSignInBack] = useState(false);
  useEffect(() => setSignInBack(signInReturned(outTradeNo)), [outTradeNo]);
  const paid = status.data?.status === true;
  // Read once the answer is known, so a paid order's detail shows it paid.
  const detail = useOrderDetail(userId, outTradeNo !== '' && status.isSuccess ? outTradeNo : null);

  // Unpaid after the checks, or at once when the order can no longer be paid.
  const orderStatus = status.data?.order_status;
  const settledUnpaid =
    status.data?.status === false &&
    (status.checks >= RESULT_CHECKS || orderStatus === 'closed' || orderStatus === 'expired');
  // Answered: the order page opens without the attempt that left it (重新支付 starts anew).
  useEffect(() => {
    if (paid || settledUnpaid) forgetAway();
  }, [paid, settledUnpaid]);

  // Paid: the new token is stored as at login (the order page's QR flow does the same), once per order: storing it
  // starts the session anew (the menus fetched again, this page drawn again), and the next check answers another.
  const token = status.data?.token ?? null;
  useEffect(() => {
    if (!paid || !token || tokenStoredFor.has(outTradeNo)) return;
    tokenStoredFor.add(outTradeNo);
    try {
      startSession(token, isRemembered());
    } catch {
      // The success page reloads the session from the server either way.
    }
  }, [paid, token, outTradeNo]);

  if (outTradeNo === '') return <UnknownPayResult />;
  const failure = status.error ?? detail.error;
  if (failure) {
    return (
      <Card className="uc-pay-result">
        <LoadErrorResult
          error={failure}
          onRetry={() => {
            void status.refetch();
            if (detail.isError) void detail.refetch();
          }}
        />
      </Card>
    );
  }
  if (signInBack && !paid && detail.data?.payable && cusInfo.data) {
    return <Navigate to={continuePath(detail.data, member)} replace />;
  }
  if (!detail.data || (!paid && !settledUnpaid)) return <Checking />;
  return paid ? <Paid order={detail.data} /> : <Unpaid order={detail.data} member={member} />;
}
