// The frame of the owner's dialogs that act on one subscription (record a payment, send a payment
// link, show a QR, move the end date): open while it has a subscription, closed by Escape, × or
// outside, its title over who and which plan it is about.
import type { ReactNode } from 'react';
import { Dialog } from '@web/components/Dialog';
import { useT } from '@web/i18n/i18n';

/** Who a subscription is for and which one, as the dialog's description names it. */
export type SubscriptionSummary = {
  name: string;
  username: string;
  plan: string;
  id: number;
};

export function SubscriptionDialog<S>({
  subject,
  summary,
  title,
  onClose,
  children,
}: {
  /** The subscription acted on; null keeps the dialog closed. */
  subject: S | null;
  summary: (subject: S) => SubscriptionSummary;
  title: string;
  onClose: () => void;
  children: (subject: S) => ReactNode;
}) {
  const t = useT();
  return (
    <Dialog
      open={subject !== null}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={title}
      description={
        subject === null ? undefined : t('superuser.subscriptionSummary', summary(subject))
      }
    >
      {subject === null ? null : children(subject)}
    </Dialog>
  );
}
