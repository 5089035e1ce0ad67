// The business constants the lifecycles need, in one place so hosts and tests agree
// (docs/web.md, the web app's rules, lists them).

/** Access tokens live 15 minutes. */
export const ACCESS_TOKEN_LIFETIME_MS = 15 * 60 * 1000;
/** Refresh tokens live 7 days. */
export const REFRESH_TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A token with less than this left (or no `exp` claim) counts as expiring and is refreshed. */
export const REFRESH_THRESHOLD_MS = 2 * 60 * 1000;
/** How often a signed-in session checks whether its access token is expiring. */
export const CHECK_INTERVAL_MS = 5 * 60 * 1000;
/** Every API call gives up after this long. */
export const REQUEST_TIMEOUT_MS = 30 * 1000;

/** One-time codes (phone verification, phone sign-in) have this many digits. */
export const OTP_LENGTH = 6;
/** A phone gets a new code at most this often. */
export const OTP_RESEND_COOLDOWN_SECONDS = 60;

/** After the profile is complete, the user goes to /dashboard after about this long. */
export const PROFILE_COMPLETE_REDIRECT_MS = 1200;
/** After subscribing, the customer goes to /subscriptions after this long. */
export const SUBSCRIBE_REDIRECT_MS = 1000;
/** After a password reset, the user goes to /login after this long. */
export const PASSWORD_RESET_REDIRECT_MS = 2000;

/** A leave lasts at most this many days, both ends counted. */
export const MAX_LEAVE_DAYS = 15;
/** A customer may hold at most this many PENDING_PAYMENT subscriptions. */
export const MAX_PENDING_SUBSCRIPTIONS = 2;
/** An ACTIVE subscription whose end date is within this many days is "soon to expire". */
export const SOON_TO_EXPIRE_DAYS = 5;
/** An owner's adjustment of an end date moves it by at most this many days either way. */
export const MAX_ADJUSTMENT_DAYS = 365;

export const FEEDBACK_SUBJECT_MAX_LENGTH = 200;
export const FEEDBACK_MESSAGE_MAX_LENGTH = 500;
/** The message counter turns amber at this length (and red at the maximum). */
export const FEEDBACK_MESSAGE_WARNING_LENGTH = 450;
export const FEEDBACK_RATING_MIN = 1;
export const FEEDBACK_RATING_MAX = 5;
export const FEEDBACK_RATING_DEFAULT = 5;
/** Attachments must be smaller than 5 MB. */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
