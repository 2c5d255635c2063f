// Carries out a NavAction: navigation, the login confirm, the upgrade confirm or the sub-account message.
import { MSG } from '@uc/shared';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { confirmDialog, toastWarning } from '../../../lib/ui/feedback';
import type { NavAction } from '../model/quick-nav';

/** A plain left click: the app handles it; modified clicks (new tab, new window) are the browser's. */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function useNavAction(): (action: NavAction) => Promise<void> {
  const navigate = useNavigate();
  return async (action) => {
    switch (action.type) {
      case 'navigate':
        navigate(action.to);
        return;
      case 'login':
        if (
          await confirmDialog({
            title: '提示',
            content: MSG.requiresLogin,
            okText: '前往登录',
            type: 'confirm',
          })
        )
          navigate(action.to);
        return;
      case 'upgrade':
        if (await confirmDialog({ title: '提示', content: MSG.noPushPermission, okText: '升级会员' }))
          navigate(action.to);
        return;
      case 'sub-account':
        toastWarning(MSG.subAccountNoPackages);
        return;
    }
  };
}
