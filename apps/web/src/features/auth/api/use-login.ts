// Hook over POST auth/login/. The fetcher (and with it the HTTP client) loads on demand, so the login page
// paints without it; the page prefetches it when idle. Not a TanStack mutation: the query cache lives in the
// layout, and a login needs neither caching nor retries.
import type { Envelope, LoginData } from '@uc/shared';
import { useCallback, useState } from 'react';
import type { LoginRequest } from './login';

export const loadLoginApi = () => import('./login');

export function useLogin() {
  const [isPending, setPending] = useState(false);
  const login = useCallback(async (request: LoginRequest): Promise<Envelope<LoginData>> => {
    setPending(true);
    try {
      const { postLogin } = await loadLoginApi();
      return await postLogin(request);
    } finally {
      setPending(false);
    }
  }, []);
  return { login, isPending };
}
