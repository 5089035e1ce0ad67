// The router: the guard rules (machines/onboarding decideRoute) over the routes of ./routes.
import {
  startTransition,
  Suspense,
  useEffect,
  useReducer,
  useRef,
  useState,
  type ComponentType,
} from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { decideRoute, matchRoute } from '@machines/onboarding';
import { isBusinessSide } from '@machines/staff';
import { Card } from '@web/components/Card';
import { PageSpinner, Spinner } from '@web/components/Spinner';
import { useLanguage, useT, type Translate } from '@web/i18n/i18n';
import { useSession } from '@web/session/SessionProvider';
import { lastSessionWasOwner } from '@web/session/tokens';
import { APP_ROUTES, documentTitle, loadSignedInPages, type RoutePage } from './routes';
import * as styles from './Shell.css';

/** The page once loaded; null while it loads (it is loaded here, once, if nothing has yet). */
function useLoadedPage(page: RoutePage): ComponentType | null {
  const [, loadedNow] = useReducer((count: number) => count + 1, 0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const component = page.loaded();
  useEffect(() => {
    if (component) return;
    let current = true;
    page.load().then(
      // A transition: React builds the page in slices, keeping the browser responsive meanwhile.
      () => current && startTransition(loadedNow),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [page, component]);
  // As React.lazy does: a page that cannot be loaded is an error for the app to show.
  if (failure) throw failure.error;
  return component;
}

function RoutePageView({ page }: { page: RoutePage }) {
  const Page = useLoadedPage(page);
  if (!Page) return <PendingPage />;
  return (
    <Suspense fallback={<PendingPage />}>
      <Page />
    </Suspense>
  );
}

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
  const { loading, routeUser, mayOpen } = useSession();
  const route = matchRoute(APP_ROUTES, pathname);
  const firstRender = useRef(true);
  const t = useT();
  const language = useLanguage();
  useEffect(() => {
    document.title = documentTitle(route, t);
  }, [route, t]);
  // After an in-app navigation, move focus to the page so screen readers start at its content.
  // Only then: `t` changes as a page's messages arrive, and taking the focus at that moment closed
  // a menu the user had just opened (the account menu, on a page still loading).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [route]);

  // While a stored session is restored, the page it will most likely show loads alongside (the
  // owner's dashboard when the owner signed in last on this browser). While a user signs in, the
  // signed-in pages' loaders do, so the page that follows the login waits only for its own chunk.
  useEffect(() => {
    if (!loading) return;
    // Only ahead of time: a failure here is met again, and shown, when the page renders.
    loadSignedInPages().catch(() => {});
    if (!route) return;
    const page = route.ownerPage && lastSessionWasOwner() ? route.ownerPage : route.page;
    page.load().catch(() => {});
  }, [loading, route]);

  // The page transition (0.4 s) plays when moving from page to page; the page a visit opens on
  // shows at once, since nothing came before it.
  const [firstRoute] = useState(route);
  const [navigated, setNavigated] = useState(false);
  if (!navigated && route !== firstRoute) setNavigated(true);
  const transition = navigated || route !== firstRoute;

  const decision = decideRoute(APP_ROUTES, {
    loading,
    user: routeUser,
    pathname,
    search: search ? `?${search}` : '',
    mayOpen,
  });

  if (decision.kind === 'spinner') return <PageSpinner label={t('shell.loadingAccount')} />;
  if (decision.kind === 'redirect') {
    // A user who logs in after being sent to /login goes back to where they were headed.
    const origin =
      pathname === '/login' && decision.to === '/dashboard' ? rememberedOrigin() : null;
    // Keyed by its target: a redirect that leads to another (/login → /dashboard → a kitchen
    // account's /admin/kitchen) mounts afresh, since wouter's Redirect navigates once, on mount.
    const to = origin ?? decision.to;
    return <Redirect key={to} to={to} replace state={decision.state ?? null} />;
  }
  if (decision.kind === 'forbidden') return <NotAuthorized t={t} />;
  if (decision.kind === 'notForRole') return <NotForRole t={t} />;

  // decideRoute redirects every path without a route, so one was matched here.
  if (!route) return null;
  // The owner's dashboard is the manager's too (a kitchen account or a rider never gets here).
  const page =
    route.ownerPage && isBusinessSide(routeUser?.userType) ? route.ownerPage : route.page;
  return (
    <div key={route.path} className={transition ? styles.transition : undefined}>
      {/* A new language renders the page afresh, so every text and date on it changes at once. */}
      <RoutePageView key={language} page={page} />
    </div>
  );
}

function PendingPage() {
  const t = useT();
  return (
    <div className={styles.pendingPage}>
      <Spinner size="lg" label={t('shell.loading')} />
    </div>
  );
}

function NotAuthorized({ t }: { t: Translate }) {
  return (
    <Card role="alert" className={styles.notice}>
      <h1>{t('shell.notAuthorized')}</h1>
      <p>{t('shell.notAuthorizedText')}</p>
    </Card>
  );
}

/** A staff account on a business page its role may not use (a manager on /admin/staff). */
function NotForRole({ t }: { t: Translate }) {
  return (
    <Card role="alert" className={styles.notice}>
      <h1>{t('shell.notForRole')}</h1>
      <p>{t('shell.notForRoleText')}</p>
    </Card>
  );
}
