// POST /api/ccw/goods/pay/: starts a WeChat or Alipay payment of an order and returns the QR payload.
import { useMutation } from '@tanstack/react-query';
import { COMMERCE_API, endpoint, type PayCreated } from '@uc/shared';
import { call } from '../../../lib/http/http';

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

const ENDPOINT = endpoint<PayCreated, CreatePayRequest>()('POST', COMMERCE_API.pay);

export function createPay(request: CreatePayRequest): Promise<PayCreated> {
  return call(ENDPOINT, { input: request });
}

export function useCreatePay() {
  return useMutation({ mutationFn: createPay });
}
