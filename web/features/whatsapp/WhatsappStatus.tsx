// A WhatsApp message's status as stored (queued, sent, delivered, read, failed, or sms) with the
// failure's reason and whether the notice went by SMS instead, or "Not sent" when it was only
// written to the outbox on the server (status-words.ts): the owner's Messages list and the
// customer's notifications show it alike. Words say the status; the colour only repeats it.
import type { WhatsappMessage } from './whatsapp.api';
import { Badge } from '@web/components/Card';
import { useT, type MessageId } from '@web/i18n/i18n';
import { muted } from '@web/styles/utils.css';
import { whatsappStatusWords, type StatusReader } from './status-words';

export { WHATSAPP_STATUS_LABELS } from './status-words';

export const WHATSAPP_TEMPLATE_LABELS: Readonly<Record<WhatsappMessage['template'], MessageId>> = {
  receipt: 'status.whatsappTemplate.receipt',
  dues_reminder: 'status.whatsappTemplate.dues_reminder',
  expiring_soon: 'status.whatsappTemplate.expiring_soon',
  leave_decision: 'status.whatsappTemplate.leave_decision',
  refund_paid: 'status.whatsappTemplate.refund_paid',
  meal_skipped: 'status.whatsappTemplate.meal_skipped',
};

export function WhatsappStatus({
  message,
  reader,
}: {
  message: WhatsappMessage;
  reader: StatusReader;
}) {
  const t = useT();
  const words = whatsappStatusWords(message, reader);
  return (
    <span
      data-whatsapp-status={message.status}
      {...(words.notSent ? { 'data-not-sent': message.channel } : {})}
    >
      <Badge tone={words.tone}>{t(words.badge)}</Badge>
      {message.status === 'failed' && message.failure_reason ? (
        <span className={muted}> {message.failure_reason}</span>
      ) : null}
      {words.notes.map((note) => (
        <span key={note} className={muted}>
          {' '}
          {t(note)}
        </span>
      ))}
    </span>
  );
}
