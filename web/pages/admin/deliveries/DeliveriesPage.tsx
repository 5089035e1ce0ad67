// A delivery rider's home (issue 22): the routes the owner has given them, each with its areas in
// the order the route rides them; without one, the page says plainly that none is assigned.
import { Card } from '@web/components/Card';
import { useApiQuery } from '@web/api/query';
import { useT } from '@web/i18n/i18n';
import { useSession } from '@web/session/SessionProvider';
import { muted, pageHeader, pageTitle, stack } from '@web/styles/utils.css';

export function DeliveriesPage() {
  const t = useT();
  const { user } = useSession();
  const routes = useApiQuery('/delivery/routes/', undefined, { role: 'business' });
  const assigned = routes.data ?? [];
  return (
    <div className={stack}>
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>{t('deliveries.title')}</h1>
          {user?.first_name ? (
            <p className={muted}>{t('deliveries.greeting', { name: user.first_name })}</p>
          ) : null}
        </div>
      </header>
      {routes.data === undefined ? null : assigned.length === 0 ? (
        <Card role="status">
          <h2>{t('deliveries.noRoute')}</h2>
          <p className={muted}>{t('deliveries.noRouteText')}</p>
        </Card>
      ) : (
        <section aria-labelledby="my-routes" className={stack}>
          <h2 id="my-routes">{t('deliveries.yourRoutes')}</h2>
          {assigned.map((route) => (
            <Card key={route.id}>
              <h3>{route.name}</h3>
              <p className={muted}>{t('deliveries.areas', { areas: route.areas.join(' → ') })}</p>
            </Card>
          ))}
        </section>
      )}
    </div>
  );
}
