// The one TanStack Query client: no retries for answered requests, one retry for network failures.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@uc/client';
import { onLocalSessionCleared } from '../session/auth-store';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) =>
        failureCount < 1 && error instanceof ApiError && error.kind === 'network',
    },
    mutations: { retry: false },
  },
});

// Another user must never see this one's cached data.
onLocalSessionCleared(() => queryClient.clear());
