// The profile page's cards: who the account is, and a card holding one form saved on its own.
import type { ReactNode } from 'react';
import { formatPhone } from '@machines/shared';
import { Button, type ButtonVariants } from '@web/components/Button';
import { Card, Details } from '@web/components/Card';
import { formStyles } from '@web/components/Field';
import { StatusBadge } from '@web/components/StatusBadge';
import { useT } from '@web/i18n/i18n';
import type { User } from '@web/session/SessionProvider';
import { sectionTitle } from '@web/styles/utils.css';

/** The account's username, email, phone, name and status, and what kind of user it is. */
export function AccountCard({ user, userType }: { user: User; userType: string }) {
  const t = useT();
  return (
    <Card>
      <h2 className={sectionTitle}>{t('profile.account')}</h2>
      <Details
        items={[
          [t('profile.detail.username'), user.username],
          [t('profile.detail.email'), user.email],
          [t('profile.detail.phone'), formatPhone(user.phone)],
          [t('profile.detail.name'), `${user.first_name} ${user.last_name}`],
          [t('profile.detail.status'), <StatusBadge status={user.status} />],
          [t('profile.detail.userType'), userType],
        ]}
      />
    </Card>
  );
}

/** A card with one form under its heading, sent by its button at the end. */
export function CardForm({
  heading,
  onSubmit,
  submit,
  busy,
  tone,
  children,
}: {
  heading: string;
  onSubmit: () => void;
  submit: string;
  busy: boolean;
  tone?: ButtonVariants['tone'];
  children: ReactNode;
}) {
  return (
    <Card>
      <form
        className={formStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <h2 className={sectionTitle}>{heading}</h2>
        {children}
        <div>
          <Button type="submit" tone={tone} busy={busy}>
            {submit}
          </Button>
        </div>
      </form>
    </Card>
  );
}
