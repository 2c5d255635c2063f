// What a 401 or a 403 from any call does: back to 登录 saying the session ended, or a message that the role may not.
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@uc/shared';
import { App } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onFailure } from '../lib/http';
import { LOGIN_PATH, type LoginState } from '../lib/paths';

export function FailureEffects() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  useEffect(() => {
    onFailure({
      unauthorized: () => {
        if (location.pathname === LOGIN_PATH) return;
        queryClient.clear();
        const state: LoginState = { expired: true, from: location.pathname + location.search };
        navigate(LOGIN_PATH, { replace: true, state });
      },
      forbidden: () => {
        void message.error({ content: MSG.staffForbidden, key: 'forbidden' });
      },
    });
  }, [navigate, location, queryClient, message]);
  return null;
}
