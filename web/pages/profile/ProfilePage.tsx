// Profile: Profile Information (completion rules in machines/onboarding) and Security; owners get a
// read-only page.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import {
  AFTER_PROFILE_COMPLETE,
  INSTITUTE_OPTIONS,
  type ProfileInput,
  validateProfile,
  YEAR_OPTIONS,
} from '@machines/onboarding';
import { DIETS } from '@machines/menu';
import { isStaff } from '@machines/staff';
import { formatPhone, PROFILE_COMPLETE_REDIRECT_MS } from '@machines/shared';
import { errorMessage, fieldErrors, sentFieldErrors } from '@web/api/errors';
import { useSetDiet, type Diet } from '@web/features/menu';
import { useBillingDetails, useSaveBillingDetails, type BillingDetails } from '@web/api/billing';
import { useChangePassword, useCompleteProfile } from '@web/api/mutations';
import { Button, ButtonLink } from '@web/components/Button';
import { Card, Details } from '@web/components/Card';
import { StatusBadge } from '@web/components/StatusBadge';
import { formStyles, PasswordField, SelectField, TextField } from '@web/components/Field';
import { RadioGroup } from '@web/components/RadioGroup';
import { TabPanel, Tabs } from '@web/components/Tabs';
import { useToast } from '@web/components/Toaster';
import { useT, type MessageId } from '@web/i18n/i18n';
import { staffRoleLabel } from '@web/i18n/labels';
import { wordLabel } from '@web/lib/format';
import { useForm } from '@web/lib/useForm';
import { useSession, type User } from '@web/session/SessionProvider';
import { muted, pageHeader, pageTitle, sectionTitle, stack } from '@web/styles/utils.css';
import { OwnerProfile } from './OwnerProfile';
import { refusalText } from '@web/i18n/refusals';
import { YEAR_LABELS } from './profileMessages';

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
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>{t('profile.title')}</h1>
          {user.status === 'registration_complete' ? (
            <p className={muted}>{t('profile.completeHint')}</p>
          ) : null}
        </div>
        <ButtonLink href="/profile/privacy" tone="secondary" size="sm">
          {t('nav.privacy')}
        </ButtonLink>
      </header>
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
      <header className={pageHeader}>
        <h1 className={pageTitle}>{t('profile.staffTitle')}</h1>
      </header>
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
  const [student, setStudent] = useState({
    institute: user.student_profile?.institute ?? '',
    studentId: user.student_profile?.student_id ?? '',
    hostel: user.student_profile?.hostel ?? '',
    year: user.student_profile?.year ?? '',
    course: user.student_profile?.course ?? '',
  });
  const [regular, setRegular] = useState({
    address: user.regular_profile?.address ?? '',
    landmark: user.regular_profile?.landmark ?? '',
    pincode: user.regular_profile?.pincode ?? '',
    city: user.regular_profile?.city ?? '',
  });
  const [completed, setCompleted] = useState(false);

  const input: ProfileInput = {
    isTiffinUser: service === 'tiffin',
    isMessUser: service === 'mess',
    studentProfile: user.user_type === 'student' ? student : null,
    regularProfile: user.user_type === 'regular' ? regular : null,
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
        user_type: user.user_type as 'student' | 'regular',
        is_tiffin_user: service === 'tiffin',
        is_mess_user: service === 'mess',
        ...(user.user_type === 'student'
          ? {
              student_profile: {
                institute: student.institute as 'KIET' | 'ITS',
                student_id: student.studentId.trim(),
                hostel: student.hostel.trim(),
                year: student.year as '1st',
                course: student.course.trim(),
              },
            }
          : {
              regular_profile: {
                address: regular.address.trim(),
                landmark: regular.landmark.trim(),
                pincode: regular.pincode.trim(),
                city: regular.city.trim(),
              },
            }),
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
          notify({
            tone: 'error',
            title: t('profile.toast.updateFailed.title'),
            message: errorMessage(error, t('profile.toast.updateFailed.message')),
          }),
      },
    );
  };

  return (
    <div className={stack}>
      <Card>
        <h2 className={sectionTitle}>{t('profile.account')}</h2>
        <Details
          items={[
            [t('profile.detail.username'), user.username],
            [t('profile.detail.email'), user.email],
            [t('profile.detail.phone'), formatPhone(user.phone)],
            [t('profile.detail.name'), `${user.first_name} ${user.last_name}`],
            [t('profile.detail.status'), <StatusBadge status={user.status} />],
            [t('profile.detail.userType'), wordLabel(user.user_type)],
          ]}
        />
      </Card>
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
          {user.user_type === 'student' ? (
            <div className={formStyles.formGrid}>
              <SelectField
                label={t('profile.field.institute')}
                placeholder={t('profile.field.selectInstitute')}
                options={INSTITUTE_OPTIONS.map((value) => ({ value, label: value }))}
                value={student.institute}
                error={serverErrors.institute}
                onChange={(event) => setStudent((s) => ({ ...s, institute: event.target.value }))}
              />
              <TextField
                label={t('profile.field.studentId')}
                value={student.studentId}
                onChange={(event) => setStudent((s) => ({ ...s, studentId: event.target.value }))}
              />
              <TextField
                label={t('profile.field.hostel')}
                hint={t('profile.field.hostelHint')}
                value={student.hostel}
                onChange={(event) => setStudent((s) => ({ ...s, hostel: event.target.value }))}
              />
              <SelectField
                label={t('profile.field.year')}
                placeholder={t('profile.field.selectYear')}
                options={YEAR_OPTIONS.map((value) => ({ value, label: t(YEAR_LABELS[value]) }))}
                value={student.year}
                onChange={(event) => setStudent((s) => ({ ...s, year: event.target.value }))}
              />
              <TextField
                label={t('profile.field.course')}
                value={student.course}
                onChange={(event) => setStudent((s) => ({ ...s, course: event.target.value }))}
              />
            </div>
          ) : (
            <div className={formStyles.formGrid}>
              <TextField
                label={t('profile.address')}
                autoComplete="street-address"
                value={regular.address}
                onChange={(event) => setRegular((s) => ({ ...s, address: event.target.value }))}
              />
              <TextField
                label={t('profile.field.landmark')}
                value={regular.landmark}
                onChange={(event) => setRegular((s) => ({ ...s, landmark: event.target.value }))}
              />
              <TextField
                label={t('profile.field.pincode')}
                inputMode="numeric"
                autoComplete="postal-code"
                value={regular.pincode}
                onChange={(event) => setRegular((s) => ({ ...s, pincode: event.target.value }))}
              />
              <TextField
                label={t('profile.field.city')}
                autoComplete="address-level2"
                value={regular.city}
                onChange={(event) => setRegular((s) => ({ ...s, city: event.target.value }))}
              />
            </div>
          )}
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
    <Card>
      <form
        className={formStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
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
              notify({
                tone: 'error',
                title: t('profile.toast.dietFailed.title'),
                message: errorMessage(error, t('profile.toast.dietFailed.message')),
              }),
          });
        }}
      >
        <h2 className={sectionTitle}>{t('profile.diet.heading')}</h2>
        <SelectField
          label={t('profile.diet.label')}
          hint={t('profile.diet.hint')}
          placeholder={t('format.diet.none')}
          options={DIETS.map((value) => ({ value, label: wordLabel(value) }))}
          value={diet}
          error={fieldErrors(save.error).diet}
          onChange={(event) => setDiet(event.target.value as Diet | '')}
        />
        <div>
          <Button type="submit" tone="secondary" busy={save.isPending}>
            {t('profile.diet.save')}
          </Button>
        </div>
      </form>
    </Card>
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
    <Card>
      <form
        className={formStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { gstin: gstin.trim() || null, billing_address: address.trim() || null },
            {
              onSuccess: (stored) => {
                setGstin(stored.gstin ?? '');
                setAddress(stored.billing_address ?? '');
                notify({ tone: 'success', title: t('profile.toast.billingSaved.title') });
              },
              onError: (error) =>
                notify({
                  tone: 'error',
                  title: t('profile.toast.billingFailed.title'),
                  message: errorMessage(error, t('profile.toast.billingFailed.message')),
                }),
            },
          );
        }}
      >
        <h2 className={sectionTitle}>{t('profile.billing.heading')}</h2>
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
        <div>
          <Button type="submit" tone="secondary" busy={save.isPending}>
            {t('profile.billing.save')}
          </Button>
        </div>
      </form>
    </Card>
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
  const serverErrors = sentFieldErrors(change.error, change.variables, form.values);

  return (
    <Card>
      <form
        className={formStyles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
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
              notify({
                tone: 'error',
                title: t('profile.toast.passwordFailed.title'),
                message: errorMessage(error, t('profile.toast.passwordFailed.message')),
              }),
          });
        }}
      >
        <h2 className={sectionTitle}>{t('profile.password.heading')}</h2>
        <PasswordField
          label={t('profile.password.current')}
          autoComplete="current-password"
          {...form.field('old_password')}
          error={form.field('old_password').error ?? serverErrors.old_password}
        />
        <PasswordField
          label={t('profile.password.new')}
          autoComplete="new-password"
          {...form.field('new_password')}
          error={form.field('new_password').error ?? serverErrors.new_password}
        />
        <PasswordField
          label={t('profile.password.confirm')}
          autoComplete="new-password"
          {...form.field('confirm_password')}
          error={form.field('confirm_password').error ?? serverErrors.confirm_password}
        />
        <div>
          <Button type="submit" busy={change.isPending}>
            {t('profile.password.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
