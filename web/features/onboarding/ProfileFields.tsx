// A customer's profile fields, as the customer's own profile form has them: a student's details
// with the hostel (where a student's tiffin goes), or a regular customer's delivery address. The
// owner's walk-in form and the customer's details dialog show the same fields by the same rules
// (machines/onboarding profileFieldProblems), and send them as complete-profile takes them.
import {
  INSTITUTE_OPTIONS,
  profileFieldProblems,
  REGULAR_PROFILE_FIELDS,
  STUDENT_PROFILE_FIELDS,
  YEAR_OPTIONS,
  type ProfileFieldName,
} from '@machines/onboarding';
import type { components } from '@generated/api';
import { formStyles, SelectField, TextField } from '@web/components/Field';
import { t as translate, useT } from '@web/i18n/i18n';
import { YEAR_LABELS } from './profileMessages';

type StudentProfile = components['schemas']['StudentProfileInput'];
type RegularProfile = components['schemas']['RegularProfileInput'];

export type CustomerType = 'student' | 'regular';

/** Every profile field's text, both types' (a form keeps the one of its customer's type). */
export type ProfileValues = Record<ProfileFieldName, string>;

export const EMPTY_PROFILE: ProfileValues = {
  institute: '',
  studentId: '',
  hostel: '',
  year: '',
  course: '',
  address: '',
  landmark: '',
  pincode: '',
  city: '',
};

/** The fields of `userType`'s profile, in the form's order. */
export const profileFieldsOf = (userType: CustomerType): readonly ProfileFieldName[] =>
  userType === 'student' ? STUDENT_PROFILE_FIELDS : REGULAR_PROFILE_FIELDS;

/** The profile's name in a request and in the server's complaints: `student_profile` or `regular_profile`. */
export const profileKeyOf = (userType: CustomerType) =>
  userType === 'student' ? 'student_profile' : 'regular_profile';

/** Each field's name in the server's per-field complaints (`regular_profile.pincode`). */
export function profileServerName(userType: CustomerType, field: ProfileFieldName): string {
  const key = field === 'studentId' ? 'student_id' : field;
  return `${profileKeyOf(userType)}.${key}`;
}

/** A stored profile as the form's values (blank where the customer has none). */
export function profileValuesOf(user: {
  student_profile?: Partial<Record<keyof StudentProfile, string>> | null;
  regular_profile?: Partial<Record<keyof RegularProfile, string>> | null;
}): ProfileValues {
  const student = user.student_profile;
  const regular = user.regular_profile;
  return {
    institute: student?.institute ?? '',
    studentId: student?.student_id ?? '',
    hostel: student?.hostel ?? '',
    year: student?.year ?? '',
    course: student?.course ?? '',
    address: regular?.address ?? '',
    landmark: regular?.landmark ?? '',
    pincode: regular?.pincode ?? '',
    city: regular?.city ?? '',
  };
}

/** The profile as a request sends it: `student_profile` or `regular_profile`, trimmed. */
export function profileBodyOf(
  userType: CustomerType,
  values: ProfileValues,
): { student_profile: StudentProfile } | { regular_profile: RegularProfile } {
  return userType === 'student'
    ? {
        student_profile: {
          institute: values.institute as StudentProfile['institute'],
          student_id: values.studentId.trim(),
          hostel: values.hostel.trim(),
          year: values.year as StudentProfile['year'],
          course: values.course.trim(),
        },
      }
    : {
        regular_profile: {
          address: values.address.trim(),
          landmark: values.landmark.trim(),
          pincode: values.pincode.trim(),
          city: values.city.trim(),
        },
      };
}

/** Each field's complaint in the current language, by the profile form's rules. */
export function profileErrorsOf(
  userType: CustomerType,
  values: ProfileValues,
): Partial<Record<ProfileFieldName, string>> {
  const problems = profileFieldProblems(userType, values);
  const errors: Partial<Record<ProfileFieldName, string>> = {};
  for (const [field, problem] of Object.entries(problems) as [ProfileFieldName, string][]) {
    errors[field] =
      problem === 'pincode'
        ? translate('profile.error.pincode')
        : translate('profile.error.required');
  }
  return errors;
}

/** What a form hands each field: its value, its change, its complaint. */
export interface ProfileFieldProps {
  name?: string;
  value: string;
  error?: string | null | undefined;
  onChange: (event: { target: { value: string } }) => void;
  onBlur?: () => void;
}

/**
 * The fields of `userType`'s profile. `hostelHint`: what the hostel is for, said to whoever fills
 * it in (the customer's own form says "your").
 */
export function ProfileFields({
  userType,
  field,
  hostelHint,
}: {
  userType: CustomerType;
  field: (name: ProfileFieldName) => ProfileFieldProps;
  hostelHint?: string;
}) {
  const t = useT();
  return userType === 'student' ? (
    <div className={formStyles.formGrid}>
      <SelectField
        label={t('profile.field.institute')}
        placeholder={t('profile.field.selectInstitute')}
        options={INSTITUTE_OPTIONS.map((value) => ({ value, label: value }))}
        {...field('institute')}
      />
      <TextField label={t('profile.field.studentId')} autoComplete="off" {...field('studentId')} />
      <TextField
        label={t('profile.field.hostel')}
        hint={hostelHint ?? t('profile.field.hostelHint')}
        autoComplete="off"
        {...field('hostel')}
      />
      <SelectField
        label={t('profile.field.year')}
        placeholder={t('profile.field.selectYear')}
        options={YEAR_OPTIONS.map((value) => ({ value, label: t(YEAR_LABELS[value]) }))}
        {...field('year')}
      />
      <TextField label={t('profile.field.course')} autoComplete="off" {...field('course')} />
    </div>
  ) : (
    <div className={formStyles.formGrid}>
      <TextField label={t('profile.address')} autoComplete="street-address" {...field('address')} />
      <TextField label={t('profile.field.landmark')} autoComplete="off" {...field('landmark')} />
      <TextField
        label={t('profile.field.pincode')}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={6}
        {...field('pincode')}
      />
      <TextField label={t('profile.field.city')} autoComplete="address-level2" {...field('city')} />
    </div>
  );
}

/**
 * The profile's fields in the owner's forms (walk-in, a customer's details): the server's complaint
 * about the profile as a whole above them (`error`), and the hostel's hint said to the owner.
 */
export function OwnerProfileFields({
  userType,
  field,
  error,
}: {
  userType: CustomerType;
  field: (name: ProfileFieldName) => ProfileFieldProps;
  error: string | undefined;
}) {
  const t = useT();
  return (
    <>
      {error ? (
        <p role="alert" className={formStyles.error}>
          {error}
        </p>
      ) : null}
      <ProfileFields
        userType={userType}
        hostelHint={t('profile.field.hostelHintOwner')}
        field={field}
      />
    </>
  );
}
