// Spec §2 route table and guard rules, decided by machines/onboarding's pure decideRoute().
import { Suspense, useEffect, useRef } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { decideRoute, matchRoute } from '../../machines/onboarding/onboarding.routes';
import { Card } from '../components/Card';
import { PageSpinner } from '../components/Spinner';
import { useSession } from '../session/SessionProvider';
import * as styles from './Shell.css';
import { PAGES } from './pages';
import { documentTitle } from './titles';

function rememberedOrigin(): string | null {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string') {
    return state.from.startsWith('/') && !state.from.startsWith('//') ? state.from : null;
  }
  return null;
}

export function Routes() {
  const [pathname] = useLocation();
  const search = useSearch();
  const { loading, routeUser } = useSession();
  const routePath = matchRoute(pathname)?.path;
  const firstRender = useRef(true);
  // After an in-app navigation, move focus to the page so screen readers start at its content.
  useEffect(() => {
    document.title = documentTitle(routePath);
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [routePath]);

  const decision = decideRoute({
    loading,
    user: routeUser,
    pathname,
    search: search ? `?${search}` : '',
  });

  if (decision.kind === 'spinner') return <PageSpinner label="Loading your account" />;
  if (decision.kind === 'redirect') {
    // A user who logs in after being sent to /login goes back to where they were headed.
    const origin =
      pathname === '/login' && decision.to === '/dashboard' ? rememberedOrigin() : null;
    return <Redirect to={origin ?? decision.to} replace state={decision.state ?? null} />;
  }
  if (decision.kind === 'forbidden') return <NotAuthorized />;

  const route = matchRoute(pathname);
  const Page = route ? PAGES[route.path] : undefined;
  return (
    <div key={route?.path ?? pathname} className={styles.transition}>
      <Suspense fallback={<PageSpinner />}>{Page ? <Page /> : <NotAvailable />}</Suspense>
    </div>
  );
}

export function NotAuthorized() {
  return (
    <Card role="alert" className={styles.notice}>
      <h1>Not authorized</h1>
      <p>You do not have permission to view this page.</p>
    </Card>
  );
}

function NotAvailable() {
  return (
    <Card className={styles.notice}>
      <h1>Coming soon</h1>
      <p>This screen is not available yet.</p>
    </Card>
  );
}
