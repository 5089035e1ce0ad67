// A WhatsApp message's status as stored (queued, sent, delivered, read, failed, or sms) with the
// failure's reason and whether the notice went by SMS instead: the owner's Messages list and the
// customer's notifications show it alike. Words say the status; the colour only repeats it.
import type { WhatsappMessage, WhatsappMessageStatus } from './whatsapp.api';
import { Badge, type BadgeTone } from '@web/components/Card';
import { useT, type MessageId } from '@web/i18n/i18n';
import { muted } from '@web/styles/utils.css';

export const WHATSAPP_STATUS_LABELS: Readonly<Record<WhatsappMessageStatus, MessageId>> = {
  queued: 'status.whatsapp.queued',
  sent: 'status.whatsapp.sent',
  delivered: 'status.whatsapp.delivered',
  read: 'status.whatsapp.read',
  failed: 'status.whatsapp.failed',
  sms: 'status.whatsapp.sms',
};

export const WHATSAPP_TEMPLATE_LABELS: Readonly<Record<WhatsappMessage['template'], MessageId>> = {
  receipt: 'status.whatsappTemplate.receipt',
  dues_reminder: 'status.whatsappTemplate.dues_reminder',
  expiring_soon: 'status.whatsappTemplate.expiring_soon',
  leave_decision: 'status.whatsappTemplate.leave_decision',
  refund_paid: 'status.whatsappTemplate.refund_paid',
  meal_skipped: 'status.whatsappTemplate.meal_skipped',
};

const TONES: Readonly<Record<WhatsappMessageStatus, BadgeTone>> = {
  queued: 'neutral',
  sent: 'info',
  delivered: 'success',
  read: 'success',
  failed: 'danger',
  sms: 'warning',
};

export function WhatsappStatus({ message }: { message: WhatsappMessage }) {
  const t = useT();
  return (
    <span data-whatsapp-status={message.status}>
      <Badge tone={TONES[message.status]}>{t(WHATSAPP_STATUS_LABELS[message.status])}</Badge>
      {message.status === 'failed' && message.failure_reason ? (
        <span className={muted}> {message.failure_reason}</span>
      ) : null}
      {message.fallback ? (
        <span className={muted}>
          {' '}
          {message.fallback_reason === 'no_consent'
            ? t('status.whatsapp.fallbackNoConsent')
            : t('status.whatsapp.fallbackFailed')}
        </span>
      ) : null}
    </span>
  );
}
