// The mess owner's read-only profile; anyone else sees Not authorized.
import { Card, Details, StatusBadge } from '../../components/Card';
import { useSession } from '../../session/SessionProvider';
import { pageHeader, pageTitle, sectionTitle, stack } from '../../styles/utils.css';

export function OwnerProfile() {
  const { user } = useSession();
  if (!user || user.user_type !== 'mess_owner') {
    return (
      <Card role="alert">
        <h1>Not authorized</h1>
      </Card>
    );
  }
  const business = user.mess_owner_profile;
  return (
    <div className={stack}>
      <header className={pageHeader}>
        <h1 className={pageTitle}>Owner Profile</h1>
      </header>
      <Card>
        <h2 className={sectionTitle}>Account</h2>
        <Details
          items={[
            ['Username', user.username],
            ['Email', user.email],
            ['Phone', user.phone],
            ['Name', `${user.first_name} ${user.last_name}`],
            ['Status', <StatusBadge status={user.status} />],
            ['User type', 'Mess owner'],
          ]}
        />
      </Card>
      {business ? (
        <Card>
          <h2 className={sectionTitle}>Business</h2>
          <Details
            items={[
              ['Mess name', business.mess_name],
              ['Business address', business.business_address],
              ['Business phone', business.business_phone],
              ['Business email', business.business_email],
              ['GST number', business.gst_number ?? '—'],
            ]}
          />
        </Card>
      ) : null}
    </div>
  );
}
