// The app: toasts, session, then the shell with its guarded routes. The query cache wraps each page
// (web/session/serverState.ts), so the landing page paints before it has loaded.
import { ToastProvider } from '@web/components/Toaster';
import { SessionProvider } from '@web/session/SessionProvider';
import { Router } from './Router';
import { Shell } from './Shell';

export function App() {
  return (
    <ToastProvider>
      <SessionProvider>
        <Shell>
          <Router />
        </Shell>
      </SessionProvider>
    </ToastProvider>
  );
}
