// POST /api/ccw/goods/TTpay/ (out_trade_no): corporate bank transfer for an order; returns the bank details.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COMMERCE_API, endpoint, type OutTradeNoBody, type TransferInfo } from '@uc/shared';
import { call } from '../../../lib/http/http';
import { orderListKey } from './get-order-list';

const ENDPOINT = endpoint<TransferInfo, OutTradeNoBody>()('POST', COMMERCE_API.transfer);

export function createTransfer(outTradeNo: string): Promise<TransferInfo> {
  return call(ENDPOINT, { input: { out_trade_no: outTradeNo } });
}

/** The order now awaits the transfer: the order list shows it so. */
export function useCreateTransfer(userId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    onSuccess: () => client.invalidateQueries({ queryKey: orderListKey(userId) }),
  });
}
