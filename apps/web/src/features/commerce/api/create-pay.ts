// POST /api/ccw/goods/pay/: starts a WeChat or Alipay payment of an order and returns the QR payload.
import { useMutation } from '@tanstack/react-query';
import { COMMERCE_API, type Envelope, type PayCreated } from '@uc/shared';
import { unwrap } from '../../../lib/http/api-error';
import { http } from '../../../lib/http/http';

export interface CreatePayRequest {
  gid: number;
  out_trade_no: string;
  /** PAY_TYPE.wechat (1) or PAY_TYPE.alipay. */
  pay_type: number;
  /** The current plan's expiry the page shows (informational: the server reads its own). */
  expired_time: string | null;
  /** The final price the page showed (yuan); the server recomputes and refuses a mismatch. */
  finalPrice: number;
  count: number;
  /** The CCW-Distribution channel, when the visitor came through one. */
  source?: string;
}

export async function createPay(request: CreatePayRequest): Promise<PayCreated> {
  const res = await http.post<Envelope<PayCreated>>(COMMERCE_API.pay, request);
  return unwrap(res.data);
}

export function useCreatePay() {
  return useMutation({ mutationFn: createPay });
}
