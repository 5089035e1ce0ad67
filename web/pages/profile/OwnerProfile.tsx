// The mess owner's read-only profile; anyone else sees Not authorized.
import { Card, Details } from '@web/components/Card';
import { useT } from '@web/i18n/i18n';
import { useSession } from '@web/session/SessionProvider';
import { sectionTitle, stack } from '@web/styles/utils.css';
import { formatPhone } from '@machines/shared';
import { AccountCard } from './ProfileCards';
import { PageHeader } from '@web/components/PageHeader';

export function OwnerProfile() {
  const t = useT();
  const { user } = useSession();
  if (!user || user.user_type !== 'mess_owner') {
    return (
      <Card role="alert">
        <h1>{t('profile.notAuthorized')}</h1>
      </Card>
    );
  }
  const business = user.mess_owner_profile;
  return (
    <div className={stack}>
      <PageHeader title={t('profile.ownerTitle')} />
      <AccountCard user={user} userType={t('profile.messOwner')} />
      {business ? (
        <Card>
          <h2 className={sectionTitle}>{t('profile.business')}</h2>
          <Details
            items={[
              [t('profile.business.messName'), business.mess_name],
              [t('profile.business.address'), business.business_address],
              [t('profile.business.phone'), formatPhone(business.business_phone)],
              [t('profile.business.email'), business.business_email],
              [t('profile.business.gst'), business.gst_number ?? '—'],
            ]}
          />
        </Card>
      ) : null}
    </div>
  );
}
