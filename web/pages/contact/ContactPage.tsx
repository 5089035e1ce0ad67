// Contact: the business e-mail, phone, address, Instagram and map.
import { useBusiness } from '../../api/queries';
import { Card, Details } from '../../components/Card';
import { PageSpinner } from '../../components/Spinner';
import { muted, pageHeader, pageTitle, stack } from '../../styles/utils.css';

export function ContactPage() {
  const { data: business, isError } = useBusiness();
  return (
    <div className={stack}>
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>Contact Us</h1>
          <p className={muted}>
            Questions about a plan, a payment or a meal? We are happy to help.
          </p>
        </div>
      </header>
      {isError ? (
        <Card role="alert">We could not load our contact details. Please try again later.</Card>
      ) : !business ? (
        <PageSpinner />
      ) : (
        <Card>
          <h2 style={{ marginBottom: 12 }}>{business.name}</h2>
          <Details
            items={[
              ['Email', <a href={`mailto:${business.email}`}>{business.email}</a>],
              ['Phone', <a href={`tel:${business.phone.replace(/\s+/g, '')}`}>{business.phone}</a>],
              ['Address', business.address],
              [
                'Instagram',
                business.instagram ? (
                  <a href={business.instagram} target="_blank" rel="noreferrer">
                    {business.instagram}
                  </a>
                ) : (
                  '—'
                ),
              ],
            ]}
          />
          {business.map_url ? (
            <iframe
              src={business.map_url}
              title={`Map showing ${business.name}`}
              style={{ width: '100%', height: 280, border: 0, marginTop: 16, borderRadius: 10 }}
              loading="lazy"
            />
          ) : null}
        </Card>
      )}
      <Card id="privacy">
        <h2>Privacy Policy</h2>
        <p className={muted}>
          We use your details only to run your subscription: meals, delivery, payments and messages
          about them.
        </p>
      </Card>
      <Card id="terms">
        <h2>Terms of Service</h2>
        <p className={muted}>
          Plans run for the days shown on the plan. Approved leave moves your meals later without
          adding paid days; cancelling refunds the paid days you have not used.
        </p>
      </Card>
    </div>
  );
}
