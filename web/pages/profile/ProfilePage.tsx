// Profile: Profile Information (completion rules in machines/onboarding) and Security; owners get a
// read-only page.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { ProfileInput } from '../../../machines/onboarding/onboarding.context';
import { AFTER_PROFILE_COMPLETE } from '../../../machines/onboarding/onboarding.routes';
import {
  INSTITUTE_OPTIONS,
  validateProfile,
  YEAR_OPTIONS,
} from '../../../machines/onboarding/onboarding.rules';
import { PROFILE_COMPLETE_REDIRECT_MS } from '../../../machines/shared/constants';
import { errorMessage, fieldErrors, sentFieldErrors } from '../../api/errors';
import { useChangePassword, useCompleteProfile } from '../../api/mutations';
import { Button } from '../../components/Button';
import { Card, Details, StatusBadge } from '../../components/Card';
import { formStyles, PasswordField, SelectField, TextField } from '../../components/Field';
import { RadioGroup } from '../../components/RadioGroup';
import { TabPanel, Tabs } from '../../components/Tabs';
import { useToast } from '../../components/Toaster';
import { capitalise } from '../../lib/format';
import { useForm } from '../../lib/useForm';
import { useSession, type User } from '../../session/SessionProvider';
import { muted, pageHeader, pageTitle, sectionTitle, stack } from '../../styles/utils.css';
import { OwnerProfile } from './OwnerProfile';

type Service = 'tiffin' | 'mess';

const SERVICE_OPTIONS: ReadonlyArray<{ value: Service; label: string }> = [
  { value: 'tiffin', label: 'Tiffin user (meals delivered)' },
  { value: 'mess', label: 'Mess user (eat at the mess)' },
];

export function ProfilePage() {
  const { user } = useSession();
  const [tab, setTab] = useState('profile');
  if (!user) return null;
  if (user.user_type === 'mess_owner') return <OwnerProfile />;
  return (
    <div className={stack}>
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>My Profile</h1>
          {user.status === 'registration_complete' ? (
            <p className={muted}>Complete your profile to start choosing plans.</p>
          ) : null}
        </div>
      </header>
      <Tabs
        label="Profile sections"
        value={tab}
        onValueChange={setTab}
        tabs={[
          { value: 'profile', label: 'Profile Information' },
          { value: 'security', label: 'Security' },
        ]}
      >
        <TabPanel value="profile">
          <ProfileForm user={user} />
        </TabPanel>
        <TabPanel value="security">
          <SecurityForm />
        </TabPanel>
      </Tabs>
    </div>
  );
}

function ProfileForm({ user }: { user: User }) {
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
              title: 'Profile Complete',
              message: 'Taking you to your dashboard.',
            });
            setCompleted(true);
          } else {
            notify({
              tone: 'success',
              title: 'Profile Updated',
              message: 'Your profile has been saved.',
            });
          }
        },
        onError: (error) =>
          notify({
            tone: 'error',
            title: 'Update Failed',
            message: errorMessage(error, 'Failed to update profile.'),
          }),
      },
    );
  };

  return (
    <div className={stack}>
      <Card>
        <h2 className={sectionTitle}>Account</h2>
        <Details
          items={[
            ['Username', user.username],
            ['Email', user.email],
            ['Phone', user.phone],
            ['Name', `${user.first_name} ${user.last_name}`],
            ['Status', <StatusBadge status={user.status} />],
            ['User type', capitalise(user.user_type)],
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
            label="Service"
            description="Choose exactly one."
            value={service}
            onValueChange={setService}
            options={SERVICE_OPTIONS}
          />
          <h2 className={sectionTitle}>
            {user.user_type === 'student' ? 'Student details' : 'Address'}
          </h2>
          {user.user_type === 'student' ? (
            <div className={formStyles.formGrid}>
              <SelectField
                label="Institute"
                placeholder="Select institute"
                options={INSTITUTE_OPTIONS.map((value) => ({ value, label: value }))}
                value={student.institute}
                error={serverErrors.institute}
                onChange={(event) => setStudent((s) => ({ ...s, institute: event.target.value }))}
              />
              <TextField
                label="Student ID"
                value={student.studentId}
                onChange={(event) => setStudent((s) => ({ ...s, studentId: event.target.value }))}
              />
              <TextField
                label="Hostel"
                hint="Used as your delivery address."
                value={student.hostel}
                onChange={(event) => setStudent((s) => ({ ...s, hostel: event.target.value }))}
              />
              <SelectField
                label="Year"
                placeholder="Select year"
                options={YEAR_OPTIONS.map((value) => ({ value, label: value }))}
                value={student.year}
                onChange={(event) => setStudent((s) => ({ ...s, year: event.target.value }))}
              />
              <TextField
                label="Course"
                value={student.course}
                onChange={(event) => setStudent((s) => ({ ...s, course: event.target.value }))}
              />
            </div>
          ) : (
            <div className={formStyles.formGrid}>
              <TextField
                label="Address"
                autoComplete="street-address"
                value={regular.address}
                onChange={(event) => setRegular((s) => ({ ...s, address: event.target.value }))}
              />
              <TextField
                label="Landmark"
                value={regular.landmark}
                onChange={(event) => setRegular((s) => ({ ...s, landmark: event.target.value }))}
              />
              <TextField
                label="Pincode"
                inputMode="numeric"
                autoComplete="postal-code"
                value={regular.pincode}
                onChange={(event) => setRegular((s) => ({ ...s, pincode: event.target.value }))}
              />
              <TextField
                label="City"
                autoComplete="address-level2"
                value={regular.city}
                onChange={(event) => setRegular((s) => ({ ...s, city: event.target.value }))}
              />
            </div>
          )}
          {refusals.length > 0 ? (
            <ul className={muted} id="profile-save-hint">
              {refusals.map((refusal) => (
                <li key={refusal.code}>{refusal.message}</li>
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
              Save Profile
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}

function SecurityForm() {
  const notify = useToast();
  const change = useChangePassword();
  const form = useForm({ old_password: '', new_password: '', confirm_password: '' }, (values) => ({
    old_password: values.old_password ? undefined : 'Password is required',
    new_password: !values.new_password
      ? 'Password is required'
      : values.new_password.length < 8
        ? 'Password must be at least 8 characters'
        : undefined,
    confirm_password:
      values.confirm_password !== values.new_password ? 'New passwords do not match' : undefined,
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
              title: 'Password Mismatch',
              message: 'New passwords do not match',
            });
          }
          if (!form.trySubmit()) return;
          change.mutate(form.values, {
            onSuccess: () => {
              notify({
                tone: 'success',
                title: 'Password Changed',
                message: 'Your password has been updated.',
              });
              form.reset();
            },
            onError: (error) =>
              notify({
                tone: 'error',
                title: 'Password Change Failed',
                message: errorMessage(error, 'Failed to change password.'),
              }),
          });
        }}
      >
        <h2 className={sectionTitle}>Change password</h2>
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          {...form.field('old_password')}
          error={form.field('old_password').error ?? serverErrors.old_password}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          {...form.field('new_password')}
          error={form.field('new_password').error ?? serverErrors.new_password}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...form.field('confirm_password')}
          error={form.field('confirm_password').error ?? serverErrors.confirm_password}
        />
        <div>
          <Button type="submit" busy={change.isPending}>
            Change Password
          </Button>
        </div>
      </form>
    </Card>
  );
}
