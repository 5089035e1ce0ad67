// Where a customer's tiffin goes, as the owner's flags give it (`dabba walk-in`, `dabba users edit`):
// a regular customer's address, or a student's details, each sent whole as the customer's form does.
import type { components } from '../../generated/api';
import type { INSTITUTE_OPTIONS, YEAR_OPTIONS } from '@machines/onboarding';

export interface ProfileFlags {
  address?: string | undefined;
  landmark?: string | undefined;
  pincode?: string | undefined;
  city?: string | undefined;
  institute?: (typeof INSTITUTE_OPTIONS)[number] | undefined;
  studentId?: string | undefined;
  hostel?: string | undefined;
  year?: (typeof YEAR_OPTIONS)[number] | undefined;
  course?: string | undefined;
}

type CustomerType = 'student' | 'regular';
type StudentProfile = components['schemas']['StudentProfileInput'];
type RegularProfile = components['schemas']['RegularProfileInput'];

/** Each customer type's flags, as the fields of its profile. */
const FLAGS = {
  regular: ['address', 'landmark', 'pincode', 'city'],
  student: ['institute', 'studentId', 'hostel', 'year', 'course'],
} as const satisfies Record<CustomerType, readonly (keyof ProfileFlags)[]>;

/** The flags of a `type` customer's profile that were given. */
export const givenFlags = (flags: ProfileFlags, type: CustomerType): (keyof ProfileFlags)[] =>
  FLAGS[type].filter((key) => flags[key] !== undefined);

/**
 * The profile a `type` customer is sent with: each field as its flag gives it, else as `was` has
 * it, else blank (the server says which are still missing).
 */
export function profileFrom(
  type: CustomerType,
  flags: ProfileFlags,
  was: { student_profile?: StudentProfile | null; regular_profile?: RegularProfile | null } = {},
): { student_profile: StudentProfile } | { regular_profile: RegularProfile } {
  if (type === 'student') {
    const before = was.student_profile;
    return {
      student_profile: {
        institute: flags.institute ?? before?.institute ?? '',
        student_id: flags.studentId ?? before?.student_id ?? '',
        hostel: flags.hostel ?? before?.hostel ?? '',
        year: flags.year ?? before?.year ?? '',
        course: flags.course ?? before?.course ?? '',
      } as StudentProfile,
    };
  }
  const before = was.regular_profile;
  return {
    regular_profile: {
      address: flags.address ?? before?.address ?? '',
      landmark: flags.landmark ?? before?.landmark ?? '',
      pincode: flags.pincode ?? before?.pincode ?? '',
      city: flags.city ?? before?.city ?? '',
    },
  };
}
