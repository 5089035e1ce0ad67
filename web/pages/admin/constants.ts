// Owner-screen constants of spec §9.
export const RECENT_ACTIVITY_COUNT = 5;
export const RECENT_PAYMENTS_COUNT = 20;
/** The export fetches every page at the largest size the API allows. */
export const EXPORT_PAGE_SIZE = 500;
