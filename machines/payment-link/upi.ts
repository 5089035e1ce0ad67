// A plain UPI payment request (NPCI's UPI linking spec): upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…, which
// any UPI app pays without a gateway; the owner then confirms the UTR by recording the payment.

/** A UPI id (VPA): a handle, `@`, and the bank's or app's name (`messowner@okaxis`). */
export const UPI_VPA_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;

export const isValidVpa = (vpa: string) => UPI_VPA_PATTERN.test(vpa.trim());

/** The longest payee name and note a UPI app shows in full. */
export const UPI_PAYEE_NAME_MAX_LENGTH = 50;
export const UPI_NOTE_MAX_LENGTH = 50;

export interface UpiPaymentRequest {
  readonly vpa: string;
  readonly payeeName: string;
  readonly amountPaise: number;
  readonly note: string;
}

/**
 * Percent-encodes a query value as UPI apps read it: RFC 3986 unreserved characters stay, every
 * other byte of its UTF-8 is %XX (a space is %20, never +, which some apps show as a plus).
 */
const encodeValue = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** The amount with two decimals, as the spec wants it (`1500.00`). */
export const upiAmount = (amountPaise: number) =>
  `${Math.floor(amountPaise / 100)}.${String(amountPaise % 100).padStart(2, '0')}`;

/** The upi://pay URI for an amount, to show as a QR code. */
export function upiPayUri(request: UpiPaymentRequest): string {
  const parameters: [string, string][] = [
    ['pa', request.vpa.trim()],
    ['pn', request.payeeName.trim().slice(0, UPI_PAYEE_NAME_MAX_LENGTH)],
    ['am', upiAmount(request.amountPaise)],
    ['cu', 'INR'],
    ['tn', request.note.trim().slice(0, UPI_NOTE_MAX_LENGTH)],
  ];
  return `upi://pay?${parameters.map(([key, value]) => `${key}=${encodeValue(value)}`).join('&')}`;
}
