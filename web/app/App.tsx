// The app: cache, toasts, session, then the shell with its guarded routes.
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { ToastProvider } from '../components/Toaster';
import { SessionProvider } from '../session/SessionProvider';
import { createQueryClient } from './queryClient';
import { Router } from './Router';
import { Shell } from './Shell';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionProvider>
          <Shell>
            <Router />
          </Shell>
        </SessionProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
