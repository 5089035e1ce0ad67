// Walk-ins: the owner's counter enrolment and a new claim link, and the public claim page's steps
// (whose link it is, the code, its check, an optional password), for a staff invite too.
import type { components } from '@generated/api';
import { byId, useApiMutation, useApiQuery } from '@web/api/query';

export type WalkInRequest = components['schemas']['WalkInRequest'];
export type WalkInEnrolled = components['schemas']['WalkInEnrolled'];

export const useEnrolWalkIn = () =>
  useApiMutation('post', '/payments/admin/walk-ins/', {
    init: (body: WalkInRequest) => ({ body }),
    refreshes: 'all',
  });

const claimPath = (token: string) => ({ params: { path: { token } } });

/** Whose account a claim link is for (a customer's, a staff member's and role): the page's words. */
export const useClaimLinkAccount = (token: string) =>
  useApiQuery('/accounts/claim/{token}/', claimPath(token), {
    enabled: token !== '',
    // A dead link is said at once; nothing on the page changes it.
    retry: false,
    staleTime: Infinity,
  });

export const useClaimSendOtp = (token: string) =>
  useApiMutation('post', '/accounts/claim/{token}/otp/', {
    init: (_: void) => claimPath(token),
  });

export const useClaimVerify = (token: string) =>
  useApiMutation('post', '/accounts/claim/{token}/verify/', {
    init: (otp: string) => ({ ...claimPath(token), body: { otp } }),
  });

export const useClaimComplete = (token: string) =>
  useApiMutation('post', '/accounts/claim/{token}/complete/', {
    init: (body: components['schemas']['ClaimCompleteRequest']) => ({ ...claimPath(token), body }),
  });

/** A walk-in's new claim link (the old one stops working), sent by SMS. */
export const useResendClaim = () =>
  useApiMutation('post', '/payments/admin/walk-ins/{id}/resend_claim/', {
    init: byId,
    refreshes: ['/accounts/owner/users/{id}/'],
  });
