// The owner's Staff page (issue 22) against a stubbed server: the row's buttons are the staff
// machine's, each command goes to its own operation, the invite's expiry reads right, and a refusal
// shows the catalogue's sentence by its error_code, in English and in Hindi.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REFUSALS_EN, REFUSALS_HI } from '@machines/shared';
import { apiFetch } from '../../web/api/call';
import { createApi } from '../../web/api/client';
import { ApiError } from '../../web/api/errors';
import { sendStaffCommand, type StaffMember } from '../../web/features/staff/staff.api';
import { i18n, loadAppMessages, setMessageLoaders } from '../../web/i18n/i18n';
import {
  inviteState,
  ROLE_CHOICES,
  STAFF_ROLE_HINTS,
  staffFieldErrors,
  staffRefusal,
  staffRowActions,
} from '../../web/features/staff/staffModel';
import { en, hi } from './catalogues';

const BASE = 'http://dabba.test/api';
const NOW = Date.parse('2026-11-27T12:00:00Z');

const member = (changes: Partial<StaffMember> = {}): StaffMember => ({
  id: 7,
  username: '',
  first_name: 'Ravi',
  last_name: 'Kumar',
  phone: '+919876500007',
  role: 'kitchen',
  status: 'invited',
  invited_at: '2026-11-26T12:00:00Z',
  joined_at: null,
  deactivated_at: null,
  last_login: null,
  invite_expires_at: '2026-12-03T12:00:00Z',
  ...changes,
});

beforeAll(async () => {
  setMessageLoaders(() => import('virtual:messages/loaders'));
  i18n.activate('en');
  await loadAppMessages();
});

describe("a staff row's buttons", () => {
  it('offers an invited member a new invite, a change and deactivation', () => {
    expect(staffRowActions(member())).toEqual([
      'staff.resend_invite',
      'staff.update',
      'staff.deactivate',
    ]);
  });

  it('offers an active member a change and deactivation, no invite', () => {
    const active = member({ status: 'active', joined_at: '2026-11-26T13:00:00Z' });
    expect(staffRowActions(active)).toEqual(['staff.update', 'staff.deactivate']);
  });

  it('offers a deactivated member reactivation only', () => {
    const gone = member({ status: 'deactivated', deactivated_at: '2026-11-27T09:00:00Z' });
    expect(staffRowActions(gone)).toEqual(['staff.reactivate']);
  });
});

describe("an invite's expiry", () => {
  it('is valid until invite_expires_at, then expired', () => {
    expect(inviteState(member(), NOW)).toBe('valid');
    expect(inviteState(member({ invite_expires_at: '2026-11-27T11:59:00Z' }), NOW)).toBe('expired');
  });

  it('is nothing to show once the member joined or was deactivated', () => {
    expect(inviteState(member({ status: 'active', invite_expires_at: null }), NOW)).toBeNull();
    expect(inviteState(member({ status: 'deactivated' }), NOW)).toBeNull();
  });
});

describe('the add dialog', () => {
  it('explains every role in one line, in both languages', () => {
    expect(ROLE_CHOICES).toEqual(['manager', 'kitchen', 'delivery']);
    for (const role of ROLE_CHOICES) {
      const key = STAFF_ROLE_HINTS[role];
      expect(en[key], key).toBeTruthy();
      expect(hi[key], key).toMatch(/[\u0900-\u097F]/);
    }
  });
});

describe("the row's commands against the server", () => {
  const requests: Request[] = [];
  let answer: () => Response;

  beforeEach(() => {
    vi.stubGlobal('fetch', async (request: Request) => {
      requests.push(request);
      return answer();
    });
  });
  afterEach(() => {
    requests.length = 0;
    vi.unstubAllGlobals();
    i18n.activate('en');
  });

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });

  it('posts each command to its own operation and answers the member as it now is', async () => {
    const api = createApi(() => null, BASE);
    const cases = [
      ['staff.resend_invite', '/owner/staff/7/resend_invite/', member()],
      ['staff.deactivate', '/owner/staff/7/deactivate/', member({ status: 'deactivated' })],
      ['staff.reactivate', '/owner/staff/7/reactivate/', member({ status: 'invited' })],
    ] as const;
    for (const [command, path, next] of cases) {
      answer = () => json(200, next);
      await expect(sendStaffCommand(api, { id: 7, command })).resolves.toEqual(next);
      const sent = requests.at(-1)!;
      expect(sent.method).toBe('POST');
      expect(new URL(sent.url).pathname).toBe(`/api${path}`);
    }
    expect(requests).toHaveLength(3);
  });

  it("shows a refusal in the catalogue's words by error_code, in English and Hindi", async () => {
    const api = createApi(() => null, BASE);
    answer = () =>
      json(400, { non_field_errors: ['Something in English'], error_code: 'staff.not_invited' });
    const error = await sendStaffCommand(api, { id: 7, command: 'staff.resend_invite' }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(staffRefusal(error, 'fallback')).toBe(REFUSALS_EN['staff.not_invited']);
    // As a page in Hindi does: its app messages, and the refusals in Hindi with them.
    i18n.activate('hi');
    await loadAppMessages();
    expect(staffRefusal(error, 'fallback')).toBe(REFUSALS_HI['staff.not_invited']);
  });

  it('shows a taken phone under the phone field, and other fields as the server words them', async () => {
    const api = createApi(() => null, BASE);
    answer = () =>
      json(400, {
        phone: ['This phone number already belongs to another account.'],
        first_name: ['This field may not be blank.'],
        error_code: 'staff.phone_taken',
      });
    const taken = await apiFetch(api, 'post', '/owner/staff/', {
      body: { first_name: '', last_name: 'Devi', phone: '9876500007', role: 'kitchen' },
    }).catch((caught: unknown) => caught);
    expect(new URL(requests.at(-1)!.url).pathname).toBe('/api/owner/staff/');
    // As a page in Hindi does: its app messages, and the refusals in Hindi with them.
    i18n.activate('hi');
    await loadAppMessages();
    expect(staffFieldErrors(taken)).toEqual({
      phone: REFUSALS_HI['staff.phone_taken'],
      first_name: 'This field may not be blank.',
    });
  });

  it("falls back to the server's sentence, then the page's, when no code is known", async () => {
    const api = createApi(() => null, BASE);
    answer = () => json(400, { detail: 'The server says no.', error_code: 'not_a_refusal' });
    const refused = await sendStaffCommand(api, { id: 7, command: 'staff.deactivate' }).catch(
      (caught: unknown) => caught,
    );
    expect(staffRefusal(refused, 'fallback')).toBe('The server says no.');
    expect(staffRefusal(new Error('boom'), 'fallback')).toBe('fallback');
  });
});
