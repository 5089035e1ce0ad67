// GST for tax invoices: GSTINs and their state codes, the settings a payment is invoiced under,
// and the split of an amount into taxable value, CGST and SGST to the paisa. Pure: no I/O.

/** GST state codes (the first two digits of a GSTIN) and their states and union territories. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before division)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

/** 2-digit state code, PAN (5 letters, 4 digits, 1 letter), entity number, Z, check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The 15th character of a GSTIN, computed from its first 14 (the GSTN's base-36 Luhn variant). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = GSTIN_ALPHABET.indexOf(first14[index] ?? '') * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** 'Uttar Pradesh (09)': how an invoice names a state. */
export const stateLabel = (code: string) => `${GST_STATES[code] ?? 'Unknown state'} (${code})`;

/** What a payment is invoiced under; null in the config when BUSINESS_GSTIN is unset. */
export interface GstSettings {
  gstin: string;
  /** The state code of the place of supply; always the GSTIN's own state (intra-state supply). */
  placeOfSupplyCode: string;
  /** HSN/SAC code of the service (996331: restaurant and mess food services). */
  sac: string;
  /** The total rate in basis points: 500 = 5% (CGST 2.5% + SGST 2.5%). */
  rateBasisPoints: number;
  /** Plan prices include GST (true), or GST is added on top at subscription (false). */
  pricesIncludeTax: boolean;
}

export interface GstSplit {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
}

/** round(numerator / denominator), halves away from zero, for non-negative BigInts. */
const roundDiv = (numerator: bigint, denominator: bigint) =>
  (2n * numerator + denominator) / (2n * denominator);

/** One half of the tax (CGST or SGST) on a taxable value, rounded to the paisa. */
export function halfTaxOn(taxablePaise: number, rateBasisPoints: number): number {
  return Number(roundDiv(BigInt(taxablePaise) * BigInt(rateBasisPoints), 20_000n));
}

/**
 * Splits an amount that includes GST. CGST and SGST are each the total's exact share rounded to
 * the paisa (at 5%: total × 2.5 ÷ 105), so they are equal; the taxable value is the rest, so
 * taxable + CGST + SGST = total exactly. Each tax is then within half a paisa × (1 + rate) of the
 * half rate applied to the taxable value (0.525 paise at 5%).
 */
export function splitGst(totalPaise: number, rateBasisPoints: number): GstSplit {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) {
    throw new RangeError(`Not an amount in paise: ${totalPaise}`);
  }
  const rate = BigInt(rateBasisPoints);
  const half = Number(roundDiv(BigInt(totalPaise) * rate, 2n * (10_000n + rate)));
  return { taxablePaise: totalPaise - 2 * half, cgstPaise: half, sgstPaise: half };
}

/** The amount a customer pays for a price before tax: the price plus CGST and SGST on it. */
export function priceWithGst(pricePaise: number, rateBasisPoints: number): number {
  return pricePaise + 2 * halfTaxOn(pricePaise, rateBasisPoints);
}

/** What a subscription costs: the plan's price, plus GST when prices are configured without it. */
export function amountDuePaise(pricePaise: number, gst: GstSettings | null): number {
  return gst && !gst.pricesIncludeTax ? priceWithGst(pricePaise, gst.rateBasisPoints) : pricePaise;
}

/** 250 → '2.5%', 900 → '9%', 12.5 → '0.125%'. */
export function formatRate(basisPoints: number): string {
  return `${Number((basisPoints / 100).toFixed(4))}%`;
}

/** The invoice columns of a SUCCESS payment, fixed when it is recorded; all null without GST. */
export function taxInvoiceColumns(gst: GstSettings | null, amountPaise: number) {
  if (!gst) {
    return {
      invoice_gstin: null,
      invoice_place_of_supply: null,
      invoice_sac: null,
      gst_rate_basis_points: null,
      taxable_paise: null,
      cgst_paise: null,
      sgst_paise: null,
    };
  }
  const split = splitGst(amountPaise, gst.rateBasisPoints);
  return {
    invoice_gstin: gst.gstin,
    invoice_place_of_supply: stateLabel(gst.placeOfSupplyCode),
    invoice_sac: gst.sac,
    gst_rate_basis_points: gst.rateBasisPoints,
    taxable_paise: split.taxablePaise,
    cgst_paise: split.cgstPaise,
    sgst_paise: split.sgstPaise,
  };
}
