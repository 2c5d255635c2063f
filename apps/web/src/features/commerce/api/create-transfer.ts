// POST /api/ccw/goods/TTpay/ (out_trade_no): corporate bank transfer for an order; returns the bank details.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@uc/client';
import { COMMERCE_API, type Envelope, type TransferInfo } from '@uc/shared';
import { http } from '../../../lib/http/http';
import { orderListKey } from './get-order-list';

export async function createTransfer(outTradeNo: string): Promise<TransferInfo> {
  const res = await http.post<Envelope<TransferInfo>>(COMMERCE_API.transfer, { out_trade_no: outTradeNo });
  return unwrap(res.data);
}

/** The order now awaits the transfer: the order list shows it so. */
export function useCreateTransfer(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    onSuccess: () => client.invalidateQueries({ queryKey: orderListKey(userId) }),
  });
}
