// The owner's staff (issue 22): add (with an SMS invite), list, read, change, deactivate,
// reactivate and re-invite. The claim of an invite goes through the walk-in claim flow.
import type { AppContext } from '@server/context.js';
import { fieldErrors, notFound, type FieldErrors } from '@server/errors.js';
import { requireOwner, type Handlers } from '@server/http.js';
import { normalizePhone } from '@server/lifecycles/onboarding/onboarding.validation.js';
import { listStaff, staffMemberById } from './staff.read.js';
import { staffMemberBody } from './staff.serializer.js';

const BLANK_NAME = 'This field may not be blank.';

export function staffHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { staff } = ctx.stores;

  return {
    async ownerListStaff(request) {
      requireOwner(request);
      return (await listStaff(db)).map(staffMemberBody);
    },

    async ownerAddStaff(request, reply) {
      const owner = requireOwner(request);
      const body = request.body;
      const errors: FieldErrors = {};
      const firstName = body.first_name.trim();
      if (!firstName) errors.first_name = [BLANK_NAME];
      const phone = normalizePhone(body.phone);
      if (!phone.ok) errors.phone = [phone.message];
      if (Object.keys(errors).length || !phone.ok) throw fieldErrors(errors);
      const member = await staff.add(owner, {
        firstName,
        lastName: body.last_name?.trim() ?? '',
        phone: phone.value,
        role: body.role,
        language: body.language ?? ctx.config.business.language,
      });
      reply.code(201);
      return staffMemberBody(member);
    },

    async ownerGetStaff(request) {
      requireOwner(request);
      const member = await staffMemberById(db, request.params.id);
      if (!member) throw notFound();
      return staffMemberBody(member);
    },

    async ownerUpdateStaff(request) {
      const owner = requireOwner(request);
      const body = request.body;
      const firstName = body.first_name?.trim();
      if (firstName === '') throw fieldErrors({ first_name: [BLANK_NAME] });
      const member = await staff.update(owner, request.params.id, {
        ...(firstName !== undefined ? { firstName } : {}),
        ...(body.last_name !== undefined ? { lastName: body.last_name.trim() } : {}),
        ...(body.role !== undefined ? { role: body.role } : {}),
      });
      return staffMemberBody(member);
    },

    async ownerDeactivateStaff(request) {
      const owner = requireOwner(request);
      return staffMemberBody(await staff.deactivate(owner, request.params.id));
    },

    async ownerReactivateStaff(request) {
      const owner = requireOwner(request);
      return staffMemberBody(await staff.reactivate(owner, request.params.id));
    },

    async ownerResendStaffInvite(request) {
      const owner = requireOwner(request);
      return staffMemberBody(await staff.resendInvite(owner, request.params.id));
    },
  } satisfies Partial<Handlers>;
}
