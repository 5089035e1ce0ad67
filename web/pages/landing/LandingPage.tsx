// Landing: hero, plans modal, services, four benefits and the call to action.
import { Suspense, useState } from 'react';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { formatRupees } from '../../lib/format';
import { lazyWithServerState } from '../../session/serverState';
import { useSession } from '../../session/SessionProvider';
import * as planStyles from '../../styles/plan.css';
import { grid, muted } from '../../styles/utils.css';
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

const BENEFITS = [
  {
    icon: ICONS.bowl,
    title: 'Fresh, home-style food',
    text: 'Cooked every day in our own kitchen with seasonal ingredients.',
  },
  {
    icon: ICONS.calendar,
    title: 'Flexible plans',
    text: 'Pick mess or tiffin, choose your meals and renew when it suits you.',
  },
  {
    icon: ICONS.plane,
    title: 'Leave when you travel',
    text: 'Going home for a few days? Request leave and your plan is extended.',
  },
  {
    icon: ICONS.card,
    title: 'Simple online payment',
    text: 'Pay securely online and download your receipts any time.',
  },
];

export function LandingPage() {
  const { user } = useSession();
  const [plansOpen, setPlansOpen] = useState(false);
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <p className={styles.eyebrow}>Mess &amp; tiffin subscriptions</p>
        <h1 id="hero-title" className={styles.heroTitle}>
          Good food every day, without the daily hassle
        </h1>
        <p className={styles.heroText}>
          Subscribe to a mess or tiffin plan, pay online, take leave when you travel and tell us how
          we are doing — all from your phone.
        </p>
        <div className={styles.actions}>
          {user ? (
            <ButtonLink href="/dashboard" size="lg">
              Go to Dashboard
            </ButtonLink>
          ) : (
            <>
              <ButtonLink href="/register" size="lg">
                Get Started
              </ButtonLink>
              <Button tone="secondary" size="lg" onClick={() => setPlansOpen(true)}>
                View Plans
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
          Our Services
        </h2>
        <div className={grid}>
          <Card>
            <h3>Mess Service</h3>
            <p className={muted}>Sit down to hot breakfast, lunch and dinner at our mess.</p>
            <p className={planStyles.price}>
              From {formatRupees(MESS_FROM_RUPEES)}{' '}
              <span className={planStyles.priceUnit}>per month</span>
            </p>
          </Card>
          <Card>
            <h3>Tiffin Service</h3>
            <p className={muted}>Meals packed and delivered to your hostel or home.</p>
            <p className={planStyles.price}>
              From {formatRupees(TIFFIN_FROM_RUPEES)}{' '}
              <span className={planStyles.priceUnit}>per month</span>
            </p>
          </Card>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="benefits-title">
        <h2 id="benefits-title" className={styles.sectionTitle}>
          Why Dabba
        </h2>
        <div className={grid}>
          {BENEFITS.map((benefit) => (
            <Card key={benefit.title}>
              <span className={styles.tileIcon}>
                <Icon path={benefit.icon} />
              </span>
              <h3>{benefit.title}</h3>
              <p className={muted}>{benefit.text}</p>
            </Card>
          ))}
        </div>
      </section>

      {user ? null : (
        <section className={styles.cta} aria-labelledby="cta-title">
          <h2 id="cta-title">Ready for your first meal?</h2>
          <p>Create an account in a minute and choose the plan that fits you.</p>
          <ButtonLink href="/register">Get Started</ButtonLink>
        </section>
      )}
    </>
  );
}
