// Landing: hero, plans modal, services, four benefits and the call to action.
import { Suspense, useState } from 'react';
import { Button, ButtonLink } from '@web/components/Button';
import { Card } from '@web/components/Card';
import { formatRupees } from '@machines/shared';
import { useT, type MessageId } from '@web/i18n/i18n';
import { lazyWithServerState } from '@web/session/serverState';
import { useSession } from '@web/session/SessionProvider';
import * as planStyles from '@web/styles/plan.css';
import { grid, muted } from '@web/styles/utils.css';
import * as styles from './LandingPage.css';

// The plans come from the server: the modal loads with the query cache, on first opening.
const PlansModal = lazyWithServerState(() => import('./PlansModal').then((m) => m.PlansModal));

const MESS_FROM_RUPEES = 2000;
const TIFFIN_FROM_RUPEES = 1800;

// Simple line icons (24×24, stroked in the current colour), so no emoji font is needed.
const ICONS = {
  bowl: 'M3 11h18a9 9 0 0 1-18 0Zm4-4c0-1.5 1-1.5 1-3m4 3c0-1.5 1-1.5 1-3m4 3c0-1.5 1-1.5 1-3',
  calendar: 'M4 6h16v14H4ZM4 10h16M8 3v4m8-4v4',
  plane: 'M2 16l20-8-6 12-3-5-5 3 1-5Z',
  card: 'M3 6h18v12H3ZM3 10h18M7 15h4',
};

function Icon({ path }: { path: string }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}

const BENEFITS: ReadonlyArray<{ icon: string; title: MessageId; text: MessageId }> = [
  {
    icon: ICONS.bowl,
    title: 'landing.benefits.food.title',
    text: 'landing.benefits.food.text',
  },
  {
    icon: ICONS.calendar,
    title: 'landing.benefits.plans.title',
    text: 'landing.benefits.plans.text',
  },
  {
    icon: ICONS.plane,
    title: 'landing.benefits.leave.title',
    text: 'landing.benefits.leave.text',
  },
  {
    icon: ICONS.card,
    title: 'landing.benefits.payment.title',
    text: 'landing.benefits.payment.text',
  },
];

export function LandingPage() {
  const { user } = useSession();
  const [plansOpen, setPlansOpen] = useState(false);
  const t = useT();
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <p className={styles.eyebrow}>{t('landing.hero.eyebrow')}</p>
        <h1 id="hero-title" className={styles.heroTitle}>
          {t('landing.hero.title')}
        </h1>
        <p className={styles.heroText}>{t('landing.hero.text')}</p>
        <div className={styles.actions}>
          {user ? (
            <ButtonLink href="/dashboard" size="lg">
              {t('landing.goToDashboard')}
            </ButtonLink>
          ) : (
            <>
              <ButtonLink href="/register" size="lg">
                {t('landing.getStarted')}
              </ButtonLink>
              <Button tone="secondary" size="lg" onClick={() => setPlansOpen(true)}>
                {t('landing.viewPlans')}
              </Button>
            </>
          )}
        </div>
      </section>

      {plansOpen ? (
        <Suspense fallback={null}>
          <PlansModal open={plansOpen} onOpenChange={setPlansOpen} />
        </Suspense>
      ) : null}

      <section className={styles.section} aria-labelledby="services-title">
        <h2 id="services-title" className={styles.sectionTitle}>
          {t('landing.services.title')}
        </h2>
        <div className={grid}>
          <Card>
            <h3>{t('landing.services.mess.title')}</h3>
            <p className={muted}>{t('landing.services.mess.text')}</p>
            <p className={planStyles.price}>
              {t('landing.services.from', { price: formatRupees(MESS_FROM_RUPEES) })}{' '}
              <span className={planStyles.priceUnit}>{t('landing.services.perMonth')}</span>
            </p>
          </Card>
          <Card>
            <h3>{t('landing.services.tiffin.title')}</h3>
            <p className={muted}>{t('landing.services.tiffin.text')}</p>
            <p className={planStyles.price}>
              {t('landing.services.from', { price: formatRupees(TIFFIN_FROM_RUPEES) })}{' '}
              <span className={planStyles.priceUnit}>{t('landing.services.perMonth')}</span>
            </p>
          </Card>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="benefits-title">
        <h2 id="benefits-title" className={styles.sectionTitle}>
          {t('landing.benefits.title')}
        </h2>
        <div className={grid}>
          {BENEFITS.map((benefit) => (
            <Card key={benefit.title}>
              <span className={styles.tileIcon}>
                <Icon path={benefit.icon} />
              </span>
              <h3>{t(benefit.title)}</h3>
              <p className={muted}>{t(benefit.text)}</p>
            </Card>
          ))}
        </div>
      </section>

      {user ? null : (
        <section className={styles.cta} aria-labelledby="cta-title">
          <h2 id="cta-title">{t('landing.cta.title')}</h2>
          <p>{t('landing.cta.text')}</p>
          <ButtonLink href="/register">{t('landing.getStarted')}</ButtonLink>
        </section>
      )}
    </>
  );
}
