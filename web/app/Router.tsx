// The router: the guard rules (machines/onboarding decideRoute) over the routes of ./routes.
import { Suspense, useEffect, useRef } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { decideRoute, isOwner, matchRoute } from '../../machines/onboarding/onboarding.routes';
import { Card } from '../components/Card';
import { PageSpinner } from '../components/Spinner';
import { useSession } from '../session/SessionProvider';
import { APP_ROUTES, documentTitle } from './routes';
import * as styles from './Shell.css';

function rememberedOrigin(): string | null {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string') {
    return state.from.startsWith('/') && !state.from.startsWith('//') ? state.from : null;
  }
  return null;
}

export function Router() {
  const [pathname] = useLocation();
  const search = useSearch();
  const { loading, routeUser } = useSession();
  const route = matchRoute(APP_ROUTES, pathname);
  const firstRender = useRef(true);
  // After an in-app navigation, move focus to the page so screen readers start at its content.
  useEffect(() => {
    document.title = documentTitle(route);
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [route]);

  const decision = decideRoute(APP_ROUTES, {
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

  // decideRoute redirects every path without a route, so one was matched here.
  if (!route) return null;
  const Page = route.ownerPage && isOwner(routeUser) ? route.ownerPage : route.page;
  return (
    <div key={route.path} className={styles.transition}>
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </div>
  );
}

function NotAuthorized() {
  return (
    <Card role="alert" className={styles.notice}>
      <h1>Not authorized</h1>
      <p>You do not have permission to view this page.</p>
    </Card>
  );
}
