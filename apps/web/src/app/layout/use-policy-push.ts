// A newly published policy item matching the member's push settings (push code PUSH_POLICY_MATCHED): shown at once
// wherever the member is, and 我的订阅 refreshed so it lists it.
import { PUSH_POLICY_MATCHED } from '@uc/shared';
import { queryClient } from '../../lib/http/query-client';
import { queryRoots } from '../../lib/query-roots';
import { usePushMessage } from '../../lib/session/push';
import { toastInfo } from '../../lib/ui/feedback';

/** How long the notice stays (seconds): long enough to read a policy title. */
const NOTICE_SECONDS = 8;

export function usePolicyPush(): void {
  usePushMessage(PUSH_POLICY_MATCHED, (message) => {
    toastInfo(`订阅推送：${message.message}`, NOTICE_SECONDS);
    void queryClient.invalidateQueries({ queryKey: queryRoots.subscriptions });
  });
}
