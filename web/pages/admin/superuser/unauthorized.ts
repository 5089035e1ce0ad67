// The fixed texts a non-owner sees on the owner's payment details and data download.
export const UNAUTHORIZED_TITLE = 'Unauthorized Access';
export const PAYMENT_DETAILS_UNAUTHORIZED = 'You do not have permission to access payment details.';
export const DOWNLOAD_UNAUTHORIZED = 'You do not have permission to download user data.';
