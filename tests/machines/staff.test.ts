import { describe, expect, it } from 'vitest';
import { allowedEvents, decide, staffFromApi, staffMachine, type StaffStatus } from '@machines';

const member = (status: StaffStatus, joined: boolean) =>
  staffFromApi({ status, joined_at: joined ? '2026-11-01T10:00:00Z' : null });

describe('the staff machine', () => {
  it('an invite becomes active when claimed, and only then', () => {
    expect(decide(staffMachine, member('invited', false), { type: 'staff.claim' })).toMatchObject({
      ok: true,
      next: 'active',
    });
    expect(decide(staffMachine, member('active', true), { type: 'staff.claim' })).toMatchObject({
      ok: false,
      code: 'staff.not_invited',
    });
  });

  it('a reactivated member goes back to where the invite left them', () => {
    const reactivate = { type: 'staff.reactivate' } as const;
    expect(decide(staffMachine, member('deactivated', true), reactivate)).toMatchObject({
      ok: true,
      next: 'active',
    });
    expect(decide(staffMachine, member('deactivated', false), reactivate)).toMatchObject({
      ok: true,
      next: 'invited',
    });
    expect(decide(staffMachine, member('active', true), reactivate)).toMatchObject({
      ok: false,
      code: 'staff.not_deactivated',
    });
  });

  it('a deactivated member can be neither changed nor deactivated again', () => {
    for (const type of ['staff.update', 'staff.deactivate', 'staff.resend_invite'] as const)
      expect(decide(staffMachine, member('deactivated', true), { type })).toMatchObject({
        ok: false,
        code: 'staff.deactivated',
      });
  });

  it('offers the owner the buttons each status allows', () => {
    const offered = (status: StaffStatus, joined: boolean) =>
      allowedEvents(staffMachine, member(status, joined));
    expect(offered('invited', false)).toEqual([
      'staff.resend_invite',
      'staff.update',
      'staff.deactivate',
    ]);
    expect(offered('active', true)).toEqual(['staff.update', 'staff.deactivate']);
    expect(offered('deactivated', true)).toEqual(['staff.reactivate']);
  });
});
