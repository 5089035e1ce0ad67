// The customer's Privacy and consent (issue 23, DPDP Act): a switch per channel and purpose (with
// when and how each consent was given; service messages by SMS and e-mail, which need none, say
// they are always sent), a copy of their data, and the request to erase the account
// (machines/erasure: waiting until the owner completes it, cancellable meanwhile).
import { useState, type FormEvent } from 'react';
import { Switch } from 'radix-ui';
import { Link } from 'wouter';
import {
  PRIVACY_NOTICE_VERSION,
  sentWithoutConsent,
  type ConsentGrantMethod,
} from '@machines/consent';
import { isRefusalKey } from '@machines/shared';
import { ApiError, errorMessage, fieldErrors } from '@web/api/errors';
import {
  useCancelErasure,
  useDataExport,
  useMyErasureRequest,
  useRequestErasure,
} from '@web/features/erasure';
import { useConsents, useUpdateConsent, type Consent } from '@web/features/consent';
import { Button } from '@web/components/Button';
import { Badge, Card } from '@web/components/Card';
import { Dialog } from '@web/components/Dialog';
import { PasswordField } from '@web/components/Field';
import { PageSpinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { useT, type MessageId, type Translate } from '@web/i18n/i18n';
import { refusalKeyText } from '@web/i18n/refusals';
import { saveFile } from '@web/lib/download';
import { formatDateTime, todayIso } from '@web/lib/format';
import { useSession } from '@web/session/SessionProvider';
import { actionRow, muted, sectionTitle, small, stack } from '@web/styles/utils.css';
import * as styles from './Privacy.css';
import { PageHeader } from '@web/components/PageHeader';

const CHANNEL_LABELS: Readonly<Record<Consent['channel'], MessageId>> = {
  sms: 'privacy.channel.sms',
  email: 'privacy.channel.email',
  whatsapp: 'privacy.channel.whatsapp',
};
const PURPOSE_LABELS: Readonly<Record<Consent['purpose'], MessageId>> = {
  service: 'privacy.purpose.service',
  promotions: 'privacy.purpose.promotions',
};
const METHOD_LABELS: Readonly<Record<ConsentGrantMethod, MessageId>> = {
  registration_checkbox: 'privacy.method.registration_checkbox',
  reply_start: 'privacy.method.reply_start',
  owner_recorded: 'privacy.method.owner_recorded',
  profile: 'privacy.method.profile',
};

/** When and how the consent stands, in words. */
function consentState(consent: Consent, t: Translate): string {
  if (consent.status === 'granted' && consent.granted_at && consent.method) {
    return t('privacy.consent.granted', {
      time: formatDateTime(consent.granted_at),
      method: t(METHOD_LABELS[consent.method], { name: consent.recorded_by ?? '' }),
    });
  }
  if (consent.status === 'withdrawn' && consent.withdrawn_at) {
    return t('privacy.consent.withdrawn', { time: formatDateTime(consent.withdrawn_at) });
  }
  return t('privacy.consent.none');
}

/** The server's sentence for a refusal, by its code, else `fallback`. */
const refusalText = (error: unknown, fallback: string) => {
  const code = error instanceof ApiError ? error.body?.error_code : undefined;
  return isRefusalKey(code) ? refusalKeyText(code) : errorMessage(error, fallback);
};

function Consents() {
  const t = useT();
  const notify = useToast();
  const consents = useConsents();
  const update = useUpdateConsent();
  if (!consents.data) return <PageSpinner />;
  return (
    <Card aria-labelledby="consents-title">
      <h2 id="consents-title" className={sectionTitle}>
        {t('privacy.consents.title')}
      </h2>
      <ul className={styles.consentList} aria-label={t('privacy.consents.caption')}>
        {consents.data.map((consent) => {
          const label = t('privacy.consent.switch', {
            channel: t(CHANNEL_LABELS[consent.channel]),
            purpose: t(PURPOSE_LABELS[consent.purpose]),
          });
          const id = `consent-${consent.channel}-${consent.purpose}`;
          const busy =
            update.isPending &&
            update.variables?.channel === consent.channel &&
            update.variables.purpose === consent.purpose;
          // Service messages by SMS and e-mail go without consent: no switch, and no "Never asked".
          if (sentWithoutConsent(consent.channel, consent.purpose)) {
            return (
              <li key={id} className={styles.consentRow} data-testid={id}>
                <span className={styles.consentText}>
                  <span>{label}</span>
                  <span className={`${muted} ${small}`}>{t('privacy.consent.alwaysSentWhy')}</span>
                </span>
                <Badge tone="info">{t('privacy.consent.alwaysSent')}</Badge>
              </li>
            );
          }
          return (
            <li key={id} className={styles.consentRow} data-testid={id}>
              <span className={styles.consentText}>
                <label htmlFor={id}>{label}</label>
                <span className={`${muted} ${small}`}>{consentState(consent, t)}</span>
              </span>
              <Switch.Root
                id={id}
                className={styles.switchRoot}
                checked={consent.status === 'granted'}
                disabled={busy}
                onCheckedChange={(granted) =>
                  update.mutate(
                    { channel: consent.channel, purpose: consent.purpose, granted },
                    {
                      onSuccess: () =>
                        notify({ tone: 'success', title: t('privacy.consent.saved') }),
                      onError: (error) =>
                        notify({
                          tone: 'error',
                          title: t('privacy.consent.failed'),
                          message: refusalText(error, t('privacy.consent.failed')),
                        }),
                    },
                  )
                }
              >
                <Switch.Thumb className={styles.switchThumb} />
              </Switch.Root>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function DataDownload() {
  const t = useT();
  const notify = useToast();
  const fetchExport = useDataExport();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const blob = await fetchExport();
      // The server's own name for it: the date is the business's.
      saveFile(blob, `dabba-data_${user?.username ?? 'me'}_${todayIso()}.json`);
      notify({ tone: 'success', title: t('privacy.download.done') });
    } catch {
      notify({ tone: 'error', title: t('privacy.download.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card aria-labelledby="download-title" className={styles.section}>
      <h2 id="download-title" className={sectionTitle}>
        {t('privacy.download.title')}
      </h2>
      <p className={muted}>{t('privacy.download.body')}</p>
      <div>
        <Button tone="secondary" busy={busy} onClick={download}>
          {t('privacy.download.button')}
        </Button>
      </div>
    </Card>
  );
}

function Erasure() {
  const t = useT();
  const notify = useToast();
  const mine = useMyErasureRequest();
  const ask = useRequestErasure();
  const cancel = useCancelErasure();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  if (!mine.data) return <PageSpinner />;
  const waiting = mine.data.request?.status === 'requested' ? mine.data.request : null;
  const passwordError = ask.error ? fieldErrors(ask.error).password : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate(password, {
      onSuccess: () => {
        setOpen(false);
        setPassword('');
        notify({ tone: 'success', title: t('privacy.erase.sent') });
      },
      onError: (error) => {
        if (fieldErrors(error).password) return;
        notify({
          tone: 'error',
          title: t('privacy.erase.failed'),
          message: refusalText(error, t('privacy.erase.failed')),
        });
      },
    });
  };

  return (
    <Card aria-labelledby="erase-title" className={styles.section}>
      <h2 id="erase-title" className={sectionTitle}>
        {t('privacy.erase.title')}
      </h2>
      {waiting ? (
        <>
          <p role="status">
            {t('privacy.erase.requested', { time: formatDateTime(waiting.requested_at) })}
          </p>
          <div>
            <Button
              tone="secondary"
              busy={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => notify({ tone: 'success', title: t('privacy.erase.cancelled') }),
                  onError: (error) =>
                    notify({
                      tone: 'error',
                      title: t('privacy.erase.failed'),
                      message: refusalText(error, t('privacy.erase.failed')),
                    }),
                })
              }
            >
              {t('privacy.erase.cancel')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className={muted}>{t('privacy.erase.body')}</p>
          <div>
            <Button tone="danger" onClick={() => setOpen(true)}>
              {t('privacy.erase.button')}
            </Button>
          </div>
        </>
      )}
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) ask.reset();
        }}
        title={t('privacy.erase.confirmTitle')}
        description={t('privacy.erase.confirmBody')}
      >
        <form className={stack} onSubmit={submit} noValidate>
          <PasswordField
            label={t('privacy.erase.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={passwordError}
            required
          />
          <div className={actionRow}>
            <Button type="button" tone="secondary" onClick={() => setOpen(false)}>
              {t('privacy.erase.cancelDialog')}
            </Button>
            <Button type="submit" tone="danger" busy={ask.isPending} disabled={!password}>
              {t('privacy.erase.submit')}
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}

export function PrivacySettingsPage() {
  const t = useT();
  return (
    <div className={stack}>
      <PageHeader
        title={t('privacy.settings.title')}
        intro={t('privacy.settings.intro')}
        below={
          <Link href="/privacy">
            {t('privacy.settings.noticeLink', { version: PRIVACY_NOTICE_VERSION })}
          </Link>
        }
      />
      <Consents />
      <DataDownload />
      <Erasure />
    </div>
  );
}
