// The owner's staff from the terminal: add (the member gets an SMS invite), list, deactivate,
// reactivate and re-invite. machines/staff decides which actions a member's status allows, so dabba
// refuses with the server's own sentence before asking, and lists each member's actions.
import type { components } from '@generated/api';
import {
  allowedEvents,
  decide,
  staffFromApi,
  staffMachine,
  STAFF_ROLE_LABELS,
  STAFF_STATUS_LABELS,
  type StaffEvent,
  type StaffRole,
} from '@machines';
import { refusedError } from '../errors';
import type { Api } from './api';
import { byId, unwrap } from './api';
import { formatPhone } from '@machines/shared';

export type StaffMember = components['schemas']['StaffMember'];

/** The CLI's word for each of the machine's owner actions. */
const COMMAND_OF: Record<StaffEvent['type'], string | null> = {
  'staff.claim': null,
  'staff.resend_invite': 'resend-invite',
  'staff.update': null,
  'staff.deactivate': 'deactivate',
  'staff.reactivate': 'reactivate',
};

export const listStaff = (api: Api): Promise<StaffMember[]> =>
  unwrap(api, api.client.GET('/owner/staff/'), 'The staff');

export const addStaff = (
  api: Api,
  body: {
    first_name: string;
    last_name: string;
    phone: string;
    role: StaffRole;
    language?: 'en' | 'hi';
  },
): Promise<StaffMember> =>
  unwrap(api, api.client.POST('/owner/staff/', { body }), 'The staff member');

const getStaff = (api: Api, id: number): Promise<StaffMember> =>
  unwrap(api, api.client.GET('/owner/staff/{id}/', byId(id)), `Staff member ${id}`);

/** The dabba commands the machine offers for this member now, e.g. ["deactivate"]. */
export function staffActions(member: StaffMember): string[] {
  return allowedEvents(staffMachine, staffFromApi(member))
    .map((type) => COMMAND_OF[type as StaffEvent['type']])
    .filter((command): command is string => command !== null);
}

type OwnerAction = 'staff.deactivate' | 'staff.reactivate' | 'staff.resend_invite';

const PATH_OF = {
  'staff.deactivate': '/owner/staff/{id}/deactivate/',
  'staff.reactivate': '/owner/staff/{id}/reactivate/',
  'staff.resend_invite': '/owner/staff/{id}/resend_invite/',
} as const;

/** One of the owner's actions on member `id`, if the machine allows it for their status now. */
export async function actOnStaff(api: Api, id: number, type: OwnerAction): Promise<StaffMember> {
  const member = await getStaff(api, id);
  const decision = decide(staffMachine, staffFromApi(member), { type });
  if (!decision.ok) throw refusedError(decision.message, undefined, decision.code);
  return unwrap(api, api.client.POST(PATH_OF[type], byId(id)), `Staff member ${id}`, type);
}

export const roleLabel = (role: StaffRole) => STAFF_ROLE_LABELS[role];
export const statusLabel = (member: StaffMember) => STAFF_STATUS_LABELS[member.status];

/** What an action did, in one line. */
export function describeStaff(member: StaffMember, verb: string): string {
  const name = `${member.first_name} ${member.last_name}`.trim();
  return `${verb} ${name} (${roleLabel(member.role)}, ${formatPhone(member.phone)}): ${statusLabel(member).toLowerCase()}.\n`;
}
