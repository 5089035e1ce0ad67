// Profile: Profile Information (completion rules in machines/onboarding) and Security; owners get a
// read-only page.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { AFTER_PROFILE_COMPLETE, type ProfileInput, validateProfile } from '@machines/onboarding';
import { DIETS } from '@machines/menu';
import { isStaff } from '@machines/staff';
import { formatPhone, PROFILE_COMPLETE_REDIRECT_MS } from '@machines/shared';
import { fieldErrors, withServerErrors, failureToast } from '@web/api/errors';
import { useSetDiet, type Diet } from '@web/features/menu';
import { useBillingDetails, useSaveBillingDetails, type BillingDetails } from '@web/api/billing';
import { useChangePassword, useCompleteProfile } from '@web/api/mutations';
import { Button, ButtonLink } from '@web/components/Button';
import { Card, Details } from '@web/components/Card';
import {
  formStyles,
  NewPasswordFields,
  PasswordField,
  SelectField,
  TextField,
} from '@web/components/Field';
import { RadioGroup } from '@web/components/RadioGroup';
import { TabPanel, Tabs } from '@web/components/Tabs';
import { useToast } from '@web/components/Toaster';
import { useT, type MessageId } from '@web/i18n/i18n';
import { staffRoleLabel } from '@web/i18n/labels';
import { wordLabel } from '@web/lib/format';
import { useForm } from '@web/lib/useForm';
import { useSession, type User } from '@web/session/SessionProvider';
import { muted, sectionTitle, stack } from '@web/styles/utils.css';
import { OwnerProfile } from './OwnerProfile';
import { AccountCard, CardForm } from './ProfileCards';
import { refusalText } from '@web/i18n/refusals';
import {
  profileBodyOf,
  ProfileFields,
  profileServerName,
  profileValuesOf,
  type ProfileValues,
} from '@web/features/onboarding';
import { PageHeader } from '@web/components/PageHeader';

type Service = 'tiffin' | 'mess';

const SERVICE_OPTIONS: ReadonlyArray<{ value: Service; label: MessageId }> = [
  { value: 'tiffin', label: 'profile.service.tiffin' },
  { value: 'mess', label: 'profile.service.mess' },
];

export function ProfilePage() {
  const t = useT();
  const { user } = useSession();
  const [tab, setTab] = useState('profile');
  if (!user) return null;
  if (user.user_type === 'mess_owner') return <OwnerProfile />;
  if (isStaff(user.user_type)) return <StaffProfile user={user} />;
  return (
    <div className={stack}>
      <PageHeader
        title={t('profile.title')}
        intro={user.status === 'registration_complete' ? t('profile.completeHint') : null}
      >
        <ButtonLink href="/profile/privacy" tone="secondary" size="sm">
          {t('nav.privacy')}
        </ButtonLink>
      </PageHeader>
      <Tabs
        label={t('profile.sections')}
        value={tab}
        onValueChange={setTab}
        tabs={[
          { value: 'profile', label: t('profile.tab.profile') },
          { value: 'security', label: t('profile.tab.security') },
        ]}
      >
        <TabPanel value="profile">
          <div className={stack}>
            <ProfileForm user={user} />
            <DietForm user={user} />
            <BillingForm />
          </div>
        </TabPanel>
        <TabPanel value="security">
          <SecurityForm />
        </TabPanel>
      </Tabs>
    </div>
  );
}

/** A staff account's own: who they are and their role (the owner sets both), and the password. */
function StaffProfile({ user }: { user: User }) {
  const t = useT();
  return (
    <div className={stack}>
      <PageHeader title={t('profile.staffTitle')} />
      <Card>
        <h2 className={sectionTitle}>{t('profile.account')}</h2>
        <Details
          items={[
            [t('profile.detail.username'), user.username],
            [t('profile.detail.phone'), formatPhone(user.phone)],
            [t('profile.detail.name'), `${user.first_name} ${user.last_name}`],
            [t('profile.detail.role'), staffRoleLabel(user.user_type)],
          ]}
        />
        <p className={muted}>{t('profile.staffHint')}</p>
      </Card>
      <SecurityForm />
    </div>
  );
}

function ProfileForm({ user }: { user: User }) {
  const t = useT();
  const notify = useToast();
  const { setUser } = useSession();
  const [, navigate] = useLocation();
  const save = useCompleteProfile();
  // Exactly one service, so one choice of two; none until the customer picks (or both, from an old
  // record: then the customer picks again).
  const [service, setService] = useState<Service | ''>(
    user.is_tiffin_user === user.is_mess_user ? '' : user.is_tiffin_user ? 'tiffin' : 'mess',
  );
  const [profile, setProfile] = useState<ProfileValues>(() => profileValuesOf(user));
  const [completed, setCompleted] = useState(false);
  const userType = user.user_type === 'student' ? 'student' : 'regular';

  const input: ProfileInput = {
    isTiffinUser: service === 'tiffin',
    isMessUser: service === 'mess',
    studentProfile: userType === 'student' ? profile : null,
    regularProfile: userType === 'regular' ? profile : null,
  };
  const refusals = validateProfile(user.user_type, input);
  const serverErrors = fieldErrors(save.error);

  useEffect(() => {
    if (!completed) return;
    const timer = setTimeout(() => navigate(AFTER_PROFILE_COMPLETE), PROFILE_COMPLETE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [completed, navigate]);

  const submit = () => {
    const wasIncomplete = user.status === 'registration_complete';
    save.mutate(
      {
        user_type: userType,
        is_tiffin_user: service === 'tiffin',
        is_mess_user: service === 'mess',
        ...profileBodyOf(userType, profile),
      },
      {
        onSuccess: (updated) => {
          setUser(updated);
          if (wasIncomplete && updated.status === 'profile_complete') {
            notify({
              tone: 'success',
              title: t('profile.toast.complete.title'),
              message: t('profile.toast.complete.message'),
            });
            setCompleted(true);
          } else {
            notify({
              tone: 'success',
              title: t('profile.toast.updated.title'),
              message: t('profile.toast.updated.message'),
            });
          }
        },
        onError: (error) =>
          notify(
            failureToast(
              error,
              t('profile.toast.updateFailed.title'),
              t('profile.toast.updateFailed.message'),
            ),
          ),
      },
    );
  };

  return (
    <div className={stack}>
      <AccountCard user={user} userType={wordLabel(user.user_type)} />
      <Card>
        <form
          className={formStyles.form}
          onSubmit={(event) => {
            event.preventDefault();
            if (refusals.length === 0) submit();
          }}
          noValidate
        >
          <RadioGroup
            label={t('profile.field.service')}
            description={t('profile.field.serviceHint')}
            value={service}
            onValueChange={setService}
            options={SERVICE_OPTIONS.map((option) => ({ ...option, label: t(option.label) }))}
          />
          <h2 className={sectionTitle}>
            {user.user_type === 'student' ? t('profile.studentDetails') : t('profile.address')}
          </h2>
          <ProfileFields
            userType={userType}
            field={(name) => ({
              value: profile[name],
              error: serverErrors[profileServerName(userType, name)],
              onChange: (event) => setProfile((p) => ({ ...p, [name]: event.target.value })),
            })}
          />
          {refusals.length > 0 ? (
            <ul className={muted} id="profile-save-hint">
              {refusals.map((refusal) => (
                <li key={refusal.code}>{refusalText(refusal)}</li>
              ))}
            </ul>
          ) : null}
          <div>
            <Button
              type="submit"
              busy={save.isPending}
              disabled={refusals.length > 0 || completed}
              aria-describedby={refusals.length > 0 ? 'profile-save-hint' : undefined}
            >
              {t('profile.save')}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

/** The customer's diet (issue 20), saved on its own: the kitchen counts each meal by it. */
function DietForm({ user }: { user: User }) {
  const t = useT();
  const notify = useToast();
  const { setUser } = useSession();
  const save = useSetDiet();
  const [diet, setDiet] = useState<Diet | ''>(user.diet ?? '');
  return (
    <CardForm
      heading={t('profile.diet.heading')}
      submit={t('profile.diet.save')}
      tone="secondary"
      busy={save.isPending}
      onSubmit={() =>
        save.mutate(diet === '' ? null : diet, {
          onSuccess: (updated) => {
            setUser(updated);
            notify({
              tone: 'success',
              title: t('profile.toast.dietSaved.title'),
              message: t('profile.toast.dietSaved.message'),
            });
          },
          onError: (error) =>
            notify(
              failureToast(
                error,
                t('profile.toast.dietFailed.title'),
                t('profile.toast.dietFailed.message'),
              ),
            ),
        })
      }
    >
      <SelectField
        label={t('profile.diet.label')}
        hint={t('profile.diet.hint')}
        placeholder={t('format.diet.none')}
        options={DIETS.map((value) => ({ value, label: wordLabel(value) }))}
        value={diet}
        error={fieldErrors(save.error).diet}
        onChange={(event) => setDiet(event.target.value as Diet | '')}
      />
    </CardForm>
  );
}

/** A GST-registered customer's GSTIN and billing address for their tax invoices. */
function BillingForm() {
  const details = useBillingDetails();
  if (!details.data) return null;
  return <BillingFields saved={details.data} />;
}

function BillingFields({ saved }: { saved: BillingDetails }) {
  const t = useT();
  const notify = useToast();
  const save = useSaveBillingDetails();
  const [gstin, setGstin] = useState(saved.gstin ?? '');
  const [address, setAddress] = useState(saved.billing_address ?? '');
  const errors = fieldErrors(save.error);
  return (
    <CardForm
      heading={t('profile.billing.heading')}
      submit={t('profile.billing.save')}
      tone="secondary"
      busy={save.isPending}
      onSubmit={() =>
        save.mutate(
          { gstin: gstin.trim() || null, billing_address: address.trim() || null },
          {
            onSuccess: (stored) => {
              setGstin(stored.gstin ?? '');
              setAddress(stored.billing_address ?? '');
              notify({ tone: 'success', title: t('profile.toast.billingSaved.title') });
            },
            onError: (error) =>
              notify(
                failureToast(
                  error,
                  t('profile.toast.billingFailed.title'),
                  t('profile.toast.billingFailed.message'),
                ),
              ),
          },
        )
      }
    >
      <p className={muted}>{t('profile.billing.intro')}</p>
      <TextField
        label={t('profile.billing.gstin')}
        value={gstin}
        autoCapitalize="characters"
        maxLength={20}
        error={errors.gstin}
        onChange={(event) => setGstin(event.target.value)}
      />
      <TextField
        label={t('profile.billing.address')}
        value={address}
        maxLength={300}
        error={errors.billing_address}
        onChange={(event) => setAddress(event.target.value)}
      />
    </CardForm>
  );
}

function SecurityForm() {
  const t = useT();
  const notify = useToast();
  const change = useChangePassword();
  const form = useForm({ old_password: '', new_password: '', confirm_password: '' }, (values) => ({
    old_password: values.old_password ? undefined : t('profile.password.required'),
    new_password: !values.new_password
      ? t('profile.password.required')
      : values.new_password.length < 8
        ? t('profile.password.tooShort')
        : undefined,
    confirm_password:
      values.confirm_password !== values.new_password ? t('profile.password.mismatch') : undefined,
  }));
  const { fieldProps } = withServerErrors(form, change.error, change.variables);

  return (
    <CardForm
      heading={t('profile.password.heading')}
      submit={t('profile.password.submit')}
      busy={change.isPending}
      onSubmit={() => {
        if (form.values.confirm_password !== form.values.new_password) {
          notify({
            tone: 'error',
            title: t('profile.toast.mismatch.title'),
            message: t('profile.password.mismatch'),
          });
        }
        if (!form.trySubmit()) return;
        change.mutate(form.values, {
          onSuccess: () => {
            notify({
              tone: 'success',
              title: t('profile.toast.passwordChanged.title'),
              message: t('profile.toast.passwordChanged.message'),
            });
            form.reset();
          },
          onError: (error) =>
            notify(
              failureToast(
                error,
                t('profile.toast.passwordFailed.title'),
                t('profile.toast.passwordFailed.message'),
              ),
            ),
        });
      }}
    >
      <PasswordField
        label={t('profile.password.current')}
        autoComplete="current-password"
        {...fieldProps('old_password')}
      />
      <NewPasswordFields
        password={{ label: t('profile.password.new'), ...fieldProps('new_password') }}
        confirm={{ label: t('profile.password.confirm'), ...fieldProps('confirm_password') }}
      />
    </CardForm>
  );
}
