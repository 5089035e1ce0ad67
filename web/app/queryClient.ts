// Server-state cache and query retries (docs/web.md: Data cache).
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@web/api/errors';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        gcTime: 10 * 60 * 1000,
        refetchOnWindowFocus: false,
        refetchOnMount: true,
        retry: (failureCount, error) =>
          failureCount < 1 &&
          !(error instanceof ApiError && [401, 403, 404].includes(error.status)),
      },
      mutations: { retry: false },
    },
  });
}
