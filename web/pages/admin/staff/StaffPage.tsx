// The owner's staff (issue 22): managers, kitchen accounts and delivery riders. The owner adds one
// by phone (they get an SMS invite to claim the account), changes a name or role, sends a new
// invite, deactivates (every session ends at once) and reactivates. Which buttons a row offers
// is the staff machine's (machines/staff); the server decides.
import { useState } from 'react';
import type { StaffEventType, StaffRole } from '@machines/staff';
import {
  useAddStaff,
  useStaff,
  useStaffCommand,
  useUpdateStaff,
  type StaffCommand,
  type StaffMember,
  inviteState,
  ROLE_CHOICES,
  STAFF_ROLE_HINTS,
  staffFieldErrors,
  staffRefusal,
  staffRowActions,
} from '@web/features/staff';
import { Button } from '@web/components/Button';
import { Badge, Card, type BadgeTone } from '@web/components/Card';
import { CancelSubmit, Dialog } from '@web/components/Dialog';
import { PhoneField, TextField } from '@web/components/Field';
import {
  MessageLanguageField,
  messageLanguage,
  type MessageLanguage,
} from '@web/components/MessageLanguageField';
import { PhoneNumber } from '@web/components/PhoneNumber';
import { RadioGroup } from '@web/components/RadioGroup';
import { PageSpinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { useErrorToast } from '@web/components/useErrorToast';
import { PageHeader } from '@web/components/PageHeader';
import { useT, type MessageId } from '@web/i18n/i18n';
import { lifecycleLabel, staffRoleLabel } from '@web/i18n/labels';
import { formatDateTime } from '@web/lib/format';
import { muted, small, stack } from '@web/styles/utils.css';
import * as styles from './StaffPage.css';

const STATUS_TONES: Readonly<Record<StaffMember['status'], BadgeTone>> = {
  active: 'success',
  invited: 'warning',
  deactivated: 'neutral',
};

const ACTION_LABELS: Readonly<Record<Exclude<StaffEventType, 'staff.claim'>, MessageId>> = {
  'staff.resend_invite': 'staff.action.resendInvite',
  'staff.update': 'staff.action.update',
  'staff.deactivate': 'staff.action.deactivate',
  'staff.reactivate': 'staff.action.reactivate',
};

const COMMAND_DONE: Readonly<Record<StaffCommand, MessageId>> = {
  'staff.resend_invite': 'staff.toast.inviteSent',
  'staff.deactivate': 'staff.toast.deactivated',
  'staff.reactivate': 'staff.toast.reactivated',
};

const fullName = (member: Pick<StaffMember, 'first_name' | 'last_name'>) =>
  `${member.first_name} ${member.last_name}`.trim();

interface StaffForm {
  first_name: string;
  last_name: string;
  phone: string;
  role: StaffRole | '';
  /** The language of their invite and later messages ('': the mess's usual one). */
  language: MessageLanguage;
}

const EMPTY_FORM: StaffForm = { first_name: '', last_name: '', phone: '', role: '', language: '' };

function StaffRow({
  member,
  onAction,
}: {
  member: StaffMember;
  onAction: (action: StaffEventType) => void;
}) {
  const t = useT();
  const invite = inviteState(member, Date.now());
  const actions = staffRowActions(member).filter((action) => action !== 'staff.claim');
  return (
    <li className={styles.item} data-testid={`staff-${member.id}`}>
      <div className={styles.who}>
        <span className={styles.nameLine}>
          {fullName(member)}
          <Badge tone={STATUS_TONES[member.status]}>{lifecycleLabel('staff', member.status)}</Badge>
        </span>
        <span>
          {staffRoleLabel(member.role)} · <PhoneNumber phone={member.phone} />
        </span>
        <span className={`${muted} ${small}`}>
          {member.last_login
            ? t('staff.lastSignIn', { time: formatDateTime(member.last_login) })
            : t('staff.neverSignedIn')}
        </span>
        {invite && member.invite_expires_at ? (
          <span className={`${muted} ${small}`}>
            {invite === 'valid'
              ? t('staff.inviteValidUntil', { time: formatDateTime(member.invite_expires_at) })
              : t('staff.inviteExpired', { time: formatDateTime(member.invite_expires_at) })}
          </span>
        ) : null}
      </div>
      {actions.length > 0 ? (
        <div className={styles.actions}>
          {actions.map((action) => (
            <Button
              key={action}
              size="sm"
              tone={action === 'staff.deactivate' ? 'danger' : 'secondary'}
              aria-label={`${t(ACTION_LABELS[action])}: ${fullName(member)}`}
              onClick={() => onAction(action)}
            >
              {t(ACTION_LABELS[action])}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** The add and change dialogs' fields; the phone only when adding (it is how the invite goes). */
function StaffFields({
  form,
  onChange,
  errors,
  withPhone,
}: {
  form: StaffForm;
  onChange: (next: StaffForm) => void;
  errors: Record<string, string>;
  withPhone: boolean;
}) {
  const t = useT();
  return (
    <div className={stack}>
      <div className={styles.fields}>
        <TextField
          label={t('staff.form.firstName')}
          required
          autoComplete="off"
          maxLength={150}
          value={form.first_name}
          onChange={(event) => onChange({ ...form, first_name: event.target.value })}
          error={errors.first_name}
        />
        <TextField
          label={t('staff.form.lastName')}
          autoComplete="off"
          maxLength={150}
          value={form.last_name}
          onChange={(event) => onChange({ ...form, last_name: event.target.value })}
          error={errors.last_name}
        />
      </div>
      {withPhone ? (
        <PhoneField
          label={t('staff.form.phone')}
          required
          autoComplete="off"
          placeholder="+91 98765 43210"
          hint={t('staff.form.phoneHint')}
          value={form.phone}
          onChange={(event) => onChange({ ...form, phone: event.target.value })}
          error={errors.phone}
        />
      ) : null}
      {withPhone ? (
        <MessageLanguageField
          value={form.language}
          onChange={(event) =>
            onChange({ ...form, language: messageLanguage(event.target.value).language ?? '' })
          }
          error={errors.language}
        />
      ) : null}
      <RadioGroup<StaffRole>
        label={t('staff.form.role')}
        value={form.role}
        onValueChange={(role) => onChange({ ...form, role })}
        options={ROLE_CHOICES.map((role) => ({
          value: role,
          label: `${staffRoleLabel(role)}: ${t(STAFF_ROLE_HINTS[role])}`,
        }))}
      />
      {errors.role ? (
        <p className={styles.refusal} role="alert">
          {errors.role}
        </p>
      ) : null}
    </div>
  );
}

export function StaffPage() {
  const t = useT();
  const notify = useToast();
  const staff = useStaff();
  const add = useAddStaff();
  const update = useUpdateStaff();
  const command = useStaffCommand();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [deactivating, setDeactivating] = useState<StaffMember | null>(null);
  const [form, setForm] = useState<StaffForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  useErrorToast(staff.isError, t('staff.toast.loadFailed'), t('staff.loadFailed'));

  const openForm = (member: StaffMember | null) => {
    setErrors({});
    setRefusal(null);
    setForm(
      member
        ? {
            first_name: member.first_name,
            last_name: member.last_name,
            phone: '',
            role: member.role,
            language: '',
          }
        : EMPTY_FORM,
    );
    if (member) setEditing(member);
    else setAdding(true);
  };

  const closeForm = () => {
    setAdding(false);
    setEditing(null);
  };

  const refused = (error: unknown, fallback: MessageId) => {
    const fields = staffFieldErrors(error);
    setErrors(fields);
    // A refusal of the whole request (not one field's) shows above the buttons.
    const sentence = staffRefusal(error, t(fallback));
    setRefusal(Object.keys(fields).length > 0 ? null : sentence);
  };

  const submitAdd = (event: React.FormEvent) => {
    event.preventDefault();
    if (!form.role) {
      setErrors({ role: t('staff.form.chooseRole') });
      return;
    }
    add.mutate(
      {
        first_name: form.first_name,
        last_name: form.last_name,
        phone: form.phone,
        role: form.role,
        ...messageLanguage(form.language),
      },
      {
        onSuccess: (member) => {
          closeForm();
          notify({
            tone: 'success',
            title: t('staff.toast.added'),
            message: t('staff.toast.addedMessage', { name: fullName(member) }),
          });
        },
        onError: (error) => refused(error, 'staff.toast.addFailed'),
      },
    );
  };

  const submitUpdate = (event: React.FormEvent) => {
    event.preventDefault();
    if (!editing || !form.role) return;
    update.mutate(
      {
        id: editing.id,
        body: { first_name: form.first_name, last_name: form.last_name, role: form.role },
      },
      {
        onSuccess: (member) => {
          closeForm();
          notify({
            tone: 'success',
            title: t('staff.toast.updated'),
            message: t('staff.toast.updatedMessage', { name: fullName(member) }),
          });
        },
        onError: (error) => refused(error, 'staff.toast.updateFailed'),
      },
    );
  };

  const run = (member: StaffMember, which: StaffCommand) =>
    command.mutate(
      { id: member.id, command: which },
      {
        onSuccess: (next) => {
          setDeactivating(null);
          notify({
            tone: 'success',
            title: t(COMMAND_DONE[which]),
            message: fullName(next),
          });
        },
        onError: (error) => {
          setDeactivating(null);
          notify({
            tone: 'error',
            title: t('staff.toast.actionFailed'),
            message: staffRefusal(error, t('staff.toast.actionFailedMessage')),
          });
        },
      },
    );

  const onAction = (member: StaffMember, action: StaffEventType) => {
    if (action === 'staff.update') openForm(member);
    else if (action === 'staff.deactivate') setDeactivating(member);
    else if (action !== 'staff.claim') run(member, action);
  };

  const members = staff.data ?? [];
  const formOpen = adding || editing !== null;
  const saving = adding ? add.isPending : update.isPending;

  return (
    <div className={stack}>
      <PageHeader title={t('staff.title')} intro={t('staff.intro')}>
        <Button onClick={() => openForm(null)}>{t('staff.add')}</Button>
      </PageHeader>
      {staff.isPending ? (
        <PageSpinner label={t('staff.loading')} />
      ) : staff.isError ? (
        <Card role="alert">
          <p>{t('staff.loadFailed')}</p>
        </Card>
      ) : members.length === 0 ? (
        <Card>
          <p className={muted}>{t('staff.empty')}</p>
        </Card>
      ) : (
        <ul className={styles.list} aria-label={t('staff.listLabel')}>
          {members.map((member) => (
            <StaffRow
              key={member.id}
              member={member}
              onAction={(action) => onAction(member, action)}
            />
          ))}
        </ul>
      )}
      <Dialog
        open={formOpen}
        onOpenChange={(open) => {
          if (!open) closeForm();
        }}
        title={editing ? t('staff.form.editTitle') : t('staff.form.addTitle')}
        description={editing ? fullName(editing) : t('staff.form.addDescription')}
      >
        <form onSubmit={editing ? submitUpdate : submitAdd} className={stack} noValidate>
          <StaffFields form={form} onChange={setForm} errors={errors} withPhone={!editing} />
          {refusal ? (
            <p className={styles.refusal} role="alert">
              {refusal}
            </p>
          ) : null}
          <CancelSubmit
            className={styles.actions}
            cancel={t('staff.form.cancel')}
            onCancel={closeForm}
            submit={editing ? t('staff.form.save') : t('staff.form.sendInvite')}
            busy={saving}
          />
        </form>
      </Dialog>
      <Dialog
        open={deactivating !== null}
        onOpenChange={(open) => {
          if (!open) setDeactivating(null);
        }}
        title={t('staff.confirm.title', { name: deactivating ? fullName(deactivating) : '' })}
        description={t('staff.confirm.description')}
        footer={
          <>
            <Button tone="secondary" onClick={() => setDeactivating(null)}>
              {t('staff.form.cancel')}
            </Button>
            <Button
              tone="danger"
              busy={command.isPending}
              onClick={() => deactivating && run(deactivating, 'staff.deactivate')}
            >
              {t('staff.confirm.deactivate')}
            </Button>
          </>
        }
      >
        {null}
      </Dialog>
    </div>
  );
}
