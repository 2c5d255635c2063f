// Hook over POST auth/login/. The fetcher (and with it the HTTP client) loads on demand, so the login page
// paints without it; the page prefetches it when idle. Not a TanStack mutation: the query cache lives in the
// layout, and a login needs neither caching nor retries.
import type { Envelope, LoginData } from '@uc/shared';
import { useCallback } from 'react';
import { usePending } from '../../../lib/ui/use-pending';
import type { LoginRequest } from './login';

export const loadLoginApi = () => import('./login');

export function useLogin() {
  const [isPending, run] = usePending();
  const login = useCallback(
    (request: LoginRequest): Promise<Envelope<LoginData>> =>
      run(async () => {
        const { postLogin } = await loadLoginApi();
        return postLogin(request);
      }),
    [run],
  );
  return { login, isPending };
}
