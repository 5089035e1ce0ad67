// How every screen writes money, the web app's and the CLI's alike: ₹1,333 or ₹1,234.50.

// Made on first use: building a formatter loads locale data, which an idle server need not hold.
let formatters: { whole: Intl.NumberFormat; withPaise: Intl.NumberFormat } | null = null;
function rupeeFormatters() {
  formatters ??= {
    whole: new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
    withPaise: new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
  };
  return formatters;
}

/**
 * An amount in rupees with Indian digit grouping (₹1,23,456): whole rupees without ".00", and
 * two decimals when there are paise (₹1,234.50). Null, undefined or NaN give "—".
 */
export function formatRupees(amountRupees: number | null | undefined): string {
  if (amountRupees === null || amountRupees === undefined || Number.isNaN(amountRupees)) return '—';
  // Rounded to the paisa first, so 1333.999 is ₹1,334 and never ₹1,334.00.
  const paise = Math.round(amountRupees * 100) || 0; // never "-₹0"
  const { whole, withPaise } = rupeeFormatters();
  return paise % 100 === 0 ? whole.format(paise / 100) : withPaise.format(paise / 100);
}
