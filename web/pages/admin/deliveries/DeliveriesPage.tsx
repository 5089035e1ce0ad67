// A delivery rider's home (issue 22). Routes and run sheets come later in the issue; until the owner
// can assign one, the page says plainly that none is assigned.
import { Card } from '@web/components/Card';
import { useT } from '@web/i18n/i18n';
import { useSession } from '@web/session/SessionProvider';
import { muted, pageHeader, pageTitle, stack } from '@web/styles/utils.css';

export function DeliveriesPage() {
  const t = useT();
  const { user } = useSession();
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
      <Card role="status">
        <h2>{t('deliveries.noRoute')}</h2>
        <p className={muted}>{t('deliveries.noRouteText')}</p>
      </Card>
    </div>
  );
}
