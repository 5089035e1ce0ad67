// The one mapping from a staff member as the API shows it (or as stored) to the machine's state.
import type { Persisted } from '../shared/lifecycle';
import type { StaffMachine } from './staff.machine';
import type { StaffStatus } from './staff.types';

export interface StaffFacts {
  readonly status: StaffStatus;
  /** When the invite was claimed (null: never). */
  readonly joined_at: string | null;
}

export function staffFromApi(member: StaffFacts): Persisted<StaffMachine> {
  return { value: member.status, context: { claimed: member.joined_at !== null } };
}
