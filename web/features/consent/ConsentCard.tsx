// A customer's consents on the owner's customer page (issue 23): each channel and purpose, whether
// the customer agreed and how; the owner records consent the customer gave aloud (naming who heard
// it, as the server requires) or withdraws it when the customer asks. The consent machine says
// which of the two a row offers. Service messages by SMS and e-mail need no consent: those rows
// say they are always sent, and offer neither.
import { useState } from 'react';
import {
  allowedEvents,
  consentFromApi,
  consentMachine,
  sentWithoutConsent,
  type ConsentChannel,
  type ConsentPurpose,
} from '@machines';
import { errorMessage, fieldErrors, failureToast } from '@web/api/errors';
import {
  useCustomerConsents,
  useRecordConsent,
  useWithdrawConsent,
  type Consent,
} from './consent.api';
import { Button, SmallButton } from '@web/components/Button';
import { Badge, Card } from '@web/components/Card';
import { Dialog } from '@web/components/Dialog';
import { TextField } from '@web/components/Field';
import { Table, type Column } from '@web/components/Table';
import { useToast } from '@web/components/Toaster';
import { useT, type MessageId } from '@web/i18n/i18n';
import { formatDateTime } from '@web/lib/format';
import { muted, sectionTitle, stack } from '@web/styles/utils.css';

const CHANNEL_LABELS: Readonly<Record<ConsentChannel, MessageId>> = {
  whatsapp: 'superuser.consent.channel.whatsapp',
  sms: 'superuser.consent.channel.sms',
  email: 'superuser.consent.channel.email',
};
const PURPOSE_LABELS: Readonly<Record<ConsentPurpose, MessageId>> = {
  service: 'superuser.consent.purpose.service',
  promotions: 'superuser.consent.purpose.promotions',
};
const STATUS_LABELS: Readonly<Record<Consent['status'], MessageId>> = {
  none: 'superuser.consent.status.none',
  granted: 'superuser.consent.status.granted',
  withdrawn: 'superuser.consent.status.withdrawn',
};
const METHOD_LABELS: Readonly<Record<NonNullable<Consent['method']>, MessageId>> = {
  registration_checkbox: 'superuser.consent.method.registration_checkbox',
  reply_start: 'superuser.consent.method.reply_start',
  owner_recorded: 'superuser.consent.method.owner_recorded',
  profile: 'superuser.consent.method.profile',
};

/** What the machine lets the owner do with this row: record a grant, or withdraw it. */
const offers = (consent: Consent) =>
  allowedEvents(
    consentMachine,
    consentFromApi({
      granted_at: consent.granted_at,
      withdrawn_at: consent.withdrawn_at,
      method: consent.method,
      recorded_by: consent.recorded_by,
    }),
  );

/** WhatsApp first: the channel the owner asks about most. */
const ORDER: readonly ConsentChannel[] = ['whatsapp', 'sms', 'email'];

function RecordDialog({
  customerId,
  consent,
  onClose,
}: {
  customerId: number;
  consent: Consent;
  onClose: () => void;
}) {
  const t = useT();
  const notify = useToast();
  const record = useRecordConsent();
  const [recordedBy, setRecordedBy] = useState('');
  const [error, setError] = useState<string | undefined>();
  const what = t('superuser.consent.what', {
    channel: t(CHANNEL_LABELS[consent.channel]),
    purpose: t(PURPOSE_LABELS[consent.purpose]),
  });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    record.mutate(
      { id: customerId, channel: consent.channel, purpose: consent.purpose, recordedBy },
      {
        onSuccess: () => {
          notify({ tone: 'success', title: t('superuser.consent.recorded', { what }) });
          onClose();
        },
        onError: (failure) => {
          const fields = fieldErrors(failure);
          setError(fields.recorded_by ?? errorMessage(failure, t('superuser.consent.failed')));
        },
      },
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('superuser.consent.recordTitle', { what })}
      description={t('superuser.consent.recordIntro')}
    >
      <form onSubmit={submit} className={stack} noValidate>
        <TextField
          label={t('superuser.consent.recordedBy')}
          hint={t('superuser.consent.recordedByHint')}
          value={recordedBy}
          maxLength={150}
          autoComplete="name"
          onChange={(event) => setRecordedBy(event.target.value)}
          error={error}
        />
        <div>
          <Button type="submit" busy={record.isPending}>
            {t('superuser.consent.record')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function ConsentCard({ customerId }: { customerId: number }) {
  const t = useT();
  const notify = useToast();
  const consents = useCustomerConsents(customerId);
  const withdraw = useWithdrawConsent();
  const [recording, setRecording] = useState<Consent | null>(null);
  const rows = [...(consents.data ?? [])].sort(
    (a, b) => ORDER.indexOf(a.channel) - ORDER.indexOf(b.channel),
  );
  const columns: Column<Consent>[] = [
    {
      key: 'what',
      header: t('superuser.consent.col.what'),
      cell: (c) =>
        t('superuser.consent.what', {
          channel: t(CHANNEL_LABELS[c.channel]),
          purpose: t(PURPOSE_LABELS[c.purpose]),
        }),
    },
    {
      key: 'status',
      header: t('superuser.consent.col.status'),
      cell: (c) =>
        sentWithoutConsent(c.channel, c.purpose) ? (
          <Badge tone="info">{t('superuser.consent.status.alwaysSent')}</Badge>
        ) : (
          <Badge tone={c.status === 'granted' ? 'success' : 'neutral'}>
            {t(STATUS_LABELS[c.status])}
          </Badge>
        ),
    },
    {
      key: 'how',
      header: t('superuser.consent.col.how'),
      cell: (c) =>
        sentWithoutConsent(c.channel, c.purpose) ? (
          <span className={muted}>{t('superuser.consent.alwaysSentHow')}</span>
        ) : c.status === 'none' || !c.method ? (
          '—'
        ) : (
          <span className={stack}>
            <span>
              {c.method === 'owner_recorded' && c.recorded_by
                ? t('superuser.consent.method.ownerRecordedBy', { name: c.recorded_by })
                : t(METHOD_LABELS[c.method])}
            </span>
            <span className={muted}>
              {c.status === 'withdrawn' && c.withdrawn_at
                ? t('superuser.consent.withdrawnAt', { date: formatDateTime(c.withdrawn_at) })
                : c.granted_at
                  ? t('superuser.consent.grantedAt', { date: formatDateTime(c.granted_at) })
                  : null}
            </span>
          </span>
        ),
    },
    {
      key: 'action',
      header: t('superuser.consent.col.action'),
      cell: (c) => {
        const what = t('superuser.consent.what', {
          channel: t(CHANNEL_LABELS[c.channel]),
          purpose: t(PURPOSE_LABELS[c.purpose]),
        });
        // Nothing to record or withdraw: these go without consent.
        if (sentWithoutConsent(c.channel, c.purpose)) return '—';
        const events = offers(c);
        return events.includes('consent.withdraw') ? (
          <SmallButton
            aria-label={t('superuser.consent.withdrawLabel', { what })}
            busy={
              withdraw.isPending &&
              withdraw.variables?.channel === c.channel &&
              withdraw.variables.purpose === c.purpose
            }
            onClick={() =>
              withdraw.mutate(
                { id: customerId, channel: c.channel, purpose: c.purpose },
                {
                  onSuccess: () =>
                    notify({ tone: 'success', title: t('superuser.consent.withdrawn', { what }) }),
                  onError: (failure) =>
                    notify(
                      failureToast(
                        failure,
                        t('superuser.consent.failed'),
                        t('superuser.consent.failed'),
                      ),
                    ),
                },
              )
            }
          >
            {t('superuser.consent.withdraw')}
          </SmallButton>
        ) : events.includes('consent.grant') ? (
          <SmallButton
            aria-label={t('superuser.consent.recordLabel', { what })}
            onClick={() => setRecording(c)}
          >
            {t('superuser.consent.record')}
          </SmallButton>
        ) : null;
      },
    },
  ];
  return (
    <Card aria-labelledby="customer-consent" className={stack}>
      <h2 id="customer-consent" className={sectionTitle}>
        {t('superuser.consent.title')}
      </h2>
      <p className={muted}>{t('superuser.consent.intro')}</p>
      {consents.isError ? (
        <p role="alert">{t('superuser.consent.loadFailed')}</p>
      ) : rows.length === 0 ? (
        <p className={muted}>{t('superuser.consent.loading')}</p>
      ) : (
        <Table
          caption={t('superuser.consent.title')}
          columns={columns}
          rows={rows}
          rowKey={(c) => `${c.channel}-${c.purpose}`}
        />
      )}
      {recording ? (
        <RecordDialog
          customerId={customerId}
          consent={recording}
          onClose={() => setRecording(null)}
        />
      ) : null}
    </Card>
  );
}
