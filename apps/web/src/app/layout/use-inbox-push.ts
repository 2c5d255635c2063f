// 消息中心's bell and list follow the push channel: PUSH_INBOX (a message reached an account of the group), and the
// pushes that come with a message of their own (a matching policy item, a paid order, an issued invoice), refresh
// the unread count and the list wherever the member is.
import { PUSH_INBOX, PUSH_INVOICE_ISSUED, PUSH_ORDER_PAID, PUSH_POLICY_MATCHED } from '@uc/shared';
import { messageKeys } from '../../features/messages/api/keys';
import { queryClient } from '../../lib/http/query-client';
import { usePushMessage } from '../../lib/session/push';

const refresh = () => void queryClient.invalidateQueries({ queryKey: messageKeys.all });

export function useInboxPush(): void {
  usePushMessage(PUSH_INBOX, refresh);
  usePushMessage(PUSH_POLICY_MATCHED, refresh);
  usePushMessage(PUSH_ORDER_PAID, refresh);
  usePushMessage(PUSH_INVOICE_ISSUED, refresh);
}
