// How every screen writes a phone number, the web app's, the CLI's and the receipt's alike. Numbers
// are stored as +91 and ten digits (the registration rule); people read them in two groups of five.

/** +919876543210 as +91 98765 43210; anything else (another country, an old record) as it is. */
export function formatPhone(phone: string): string {
  const match = /^\+91(\d{5})(\d{5})$/.exec(phone);
  return match ? `+91 ${match[1]} ${match[2]}` : phone;
}
