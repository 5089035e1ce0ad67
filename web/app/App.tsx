// The app: cache, toasts, session, then the shell with its guarded routes.
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { SessionProvider } from '../session/SessionProvider';
import { createQueryClient } from './queryClient';
import { Routes } from './Routes';
import { Shell } from './Shell';
import { ToastProvider } from './Toaster';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionProvider>
          <Shell>
            <Routes />
          </Shell>
        </SessionProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
