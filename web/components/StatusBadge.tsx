// A status as a coloured badge with its name in the current language (web/i18n/labels.ts).
import { lifecycleLabel, statusLabel, type Lifecycle } from '@web/i18n/labels';
import { Badge, type BadgeTone } from './Card';

const STATUS_TONES: Record<string, BadgeTone> = {
  ACTIVE: 'success',
  SUCCESS: 'success',
  APPROVED: 'success',
  PAID: 'success',
  resolved: 'success',
  sent: 'success',
  PENDING_PAYMENT: 'warning',
  PENDING: 'warning',
  INITIATED: 'warning',
  open: 'warning',
  in_progress: 'info',
  pending: 'warning',
  EXPIRED: 'neutral',
  closed: 'neutral',
  CANCELLED: 'danger',
  FAILED: 'danger',
  REJECTED: 'danger',
  failed: 'danger',
  // Accounts: the profile still has to be filled in until profile_complete.
  unverified: 'warning',
  registration_complete: 'warning',
  profile_complete: 'success',
};

/** A status by its label: from `lifecycle`'s own map when given, else from any lifecycle's. */
export function StatusBadge({ status, lifecycle }: { status: string; lifecycle?: Lifecycle }) {
  return (
    <Badge tone={STATUS_TONES[status] ?? 'neutral'}>
      {lifecycle ? lifecycleLabel(lifecycle, status) : statusLabel(status)}
    </Badge>
  );
}
