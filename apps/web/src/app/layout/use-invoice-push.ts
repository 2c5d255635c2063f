// An invoice of the member was issued (push code PUSH_INVOICE_ISSUED): told at once wherever the member is, and
// 发票管理 and 我的订单 refreshed so they show it issued, with its download.
import { MSG, PUSH_INVOICE_ISSUED } from '@uc/shared';
import { queryClient } from '../../lib/http/query-client';
import { queryRoots } from '../../lib/query-roots';
import { useAuthStore } from '../../lib/session/auth-store';
import { usePushMessage } from '../../lib/session/push';
import { toastInfo } from '../../lib/ui/feedback';

/** How long the notice stays (seconds). */
const NOTICE_SECONDS = 8;

export function useInvoicePush(): void {
  usePushMessage(PUSH_INVOICE_ISSUED, (message) => {
    toastInfo(message.message || MSG.invoiceIssuedPush, NOTICE_SECONDS);
    void queryClient.invalidateQueries({ queryKey: queryRoots.invoices });
    void queryClient.invalidateQueries({ queryKey: queryRoots.orders(useAuthStore.getState().id) });
  });
}
