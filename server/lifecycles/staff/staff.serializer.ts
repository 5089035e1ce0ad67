// A staff member as the API sends it (StaffMember in openapi.yaml).
import type { components } from '@generated/api.js';
import type { StaffMemberFacts } from './staff.read.js';

export type StaffMemberBody = components['schemas']['StaffMember'];

export function staffMemberBody(row: StaffMemberFacts): StaffMemberBody {
  return {
    id: row.user_id,
    // The proposed username is only the member's once they claim the invite.
    username: row.joined_at ? row.username : '',
    first_name: row.first_name,
    last_name: row.last_name,
    phone: row.phone,
    role: row.role,
    status: row.status,
    invited_at: row.invited_at,
    joined_at: row.joined_at,
    deactivated_at: row.deactivated_at,
    last_login: row.joined_at ? row.last_login : null,
    invite_expires_at: row.status === 'invited' ? row.invite_expires_at : null,
  };
}
