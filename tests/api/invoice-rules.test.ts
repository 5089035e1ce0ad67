// The pure rules behind tax invoices: amounts in words (Indian numbering), the GST split to the
// paisa, GSTINs, the GST settings (ConfigError sentences) and the app's date format.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { formatCalendarDate } from '@machines';
import { ConfigError, loadConfig } from '../../server/config.js';
import { numberInWords, rupeesInWords } from '../../server/platform/format.js';
import {
  amountDuePaise,
  formatRate,
  gstinCheckCharacter,
  halfTaxOn,
  priceWithGst,
  splitGst,
  taxInvoiceColumns,
} from '../../server/platform/gst.js';

/** An independent reader of the words, to check numberInWords against arithmetic. */
function wordsToNumber(words: string): number {
  const small: Record<string, number> = {};
  const units = [
    'Zero',
    'One',
    'Two',
    'Three',
    'Four',
    'Five',
    'Six',
    'Seven',
    'Eight',
    'Nine',
    'Ten',
    'Eleven',
    'Twelve',
    'Thirteen',
    'Fourteen',
    'Fifteen',
    'Sixteen',
    'Seventeen',
    'Eighteen',
    'Nineteen',
  ];
  units.forEach((word, value) => (small[word] = value));
  ['Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'].forEach(
    (word, index) => (small[word] = (index + 2) * 10),
  );
  let total = 0;
  let current = 0;
  for (const word of words.split(' ')) {
    if (word === 'Hundred') current *= 100;
    else if (word === 'Thousand') [total, current] = [total + current * 1000, 0];
    else if (word === 'Lakh') [total, current] = [total + current * 100_000, 0];
    else if (word === 'Crore') [total, current] = [(total + current) * 10_000_000, 0];
    else {
      const parts = word.split('-');
      if (parts.length === 2 && (small[parts[1]!] ?? 0) >= 10) throw new Error(`bad ${word}`);
      for (const part of parts) {
        const value = small[part];
        if (value === undefined) throw new Error(`Unknown word ${part} in "${words}"`);
        current += value;
      }
    }
  }
  return total + current;
}

describe('amounts in words', () => {
  it('writes rupees and paise in Indian numbering', () => {
    expect(rupeesInWords(12_345_650)).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only',
    );
    expect(rupeesInWords(150_000)).toBe('Rupees One Thousand Five Hundred Only');
    expect(rupeesInWords(157_500)).toBe('Rupees One Thousand Five Hundred Seventy-Five Only');
    expect(rupeesInWords(12_345_678_90)).toBe(
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety Paise Only',
    );
    expect(rupeesInWords(100)).toBe('Rupees One Only');
    expect(rupeesInWords(0)).toBe('Rupees Zero Only');
    expect(rupeesInWords(5)).toBe('Five Paise Only');
    expect(rupeesInWords(1_001)).toBe('Rupees Ten and One Paise Only');
  });

  it('groups by lakh and crore, and counts crores past 99 in words', () => {
    expect(numberInWords(100_000)).toBe('One Lakh');
    expect(numberInWords(1_000_000)).toBe('Ten Lakh');
    expect(numberInWords(9_999_999)).toBe(
      'Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine',
    );
    expect(numberInWords(10_000_001)).toBe('One Crore One');
    expect(numberInWords(1_000_000_000)).toBe('One Hundred Crore');
    expect(numberInWords(12_340_500_017)).toBe(
      'One Thousand Two Hundred Thirty-Four Crore Five Lakh Seventeen',
    );
    expect(numberInWords(110)).toBe('One Hundred Ten');
    expect(numberInWords(19)).toBe('Nineteen');
    expect(numberInWords(40)).toBe('Forty');
    expect(() => numberInWords(-1)).toThrow(RangeError);
    expect(() => rupeesInWords(1.5)).toThrow(RangeError);
  });

  it('says every number from 0 to 200,000 and random large ones exactly', () => {
    const wrong: number[] = [];
    for (let value = 0; value <= 200_000; value += 1) {
      if (wordsToNumber(numberInWords(value)) !== value) wrong.push(value);
    }
    expect(wrong).toEqual([]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (value) => {
        expect(wordsToNumber(numberInWords(value))).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the GST split', () => {
  it('splits ₹1,500 at 5% into ₹1,428.58 + ₹35.71 + ₹35.71', () => {
    expect(splitGst(150_000, 500)).toEqual({
      taxablePaise: 142_858,
      cgstPaise: 3571,
      sgstPaise: 3571,
    });
    expect(splitGst(118_000, 1800)).toEqual({
      taxablePaise: 100_000,
      cgstPaise: 9000,
      sgstPaise: 9000,
    });
    expect(splitGst(150_000, 0)).toEqual({ taxablePaise: 150_000, cgstPaise: 0, sgstPaise: 0 });
    expect(splitGst(0, 500)).toEqual({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 });
    expect(splitGst(1, 500)).toEqual({ taxablePaise: 1, cgstPaise: 0, sgstPaise: 0 });
    expect(() => splitGst(-1, 500)).toThrow(RangeError);
  });

  it('adds up exactly, keeps CGST = SGST, and rounds each to the nearest paisa of its share', () => {
    const wrong: string[] = [];
    for (const rate of [0, 25, 300, 500, 1200, 1800, 2800, 1250]) {
      for (let total = 0; total <= 200_000; total += 1) {
        const { taxablePaise, cgstPaise, sgstPaise } = splitGst(total, rate);
        const exactShare = (total * rate) / (2 * (10_000 + rate));
        // Against the half rate on the taxable value: within half a paisa × (1 + rate).
        const onTaxable = (taxablePaise * rate) / 20_000;
        if (
          taxablePaise + cgstPaise + sgstPaise !== total ||
          cgstPaise !== sgstPaise ||
          Math.abs(cgstPaise - exactShare) > 0.5 ||
          Math.abs(cgstPaise - onTaxable) > 0.5 * (1 + rate / 10_000) + 1e-9
        ) {
          wrong.push(`${total} at ${rate}: ${taxablePaise} + ${cgstPaise} + ${sgstPaise}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gives back the plan price as the taxable value when GST was added on top', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.constantFrom(0, 25, 300, 500, 1200, 1800, 2800, 1250),
        (pricePaise, rate) => {
          const charged = priceWithGst(pricePaise, rate);
          expect(charged).toBe(pricePaise + 2 * halfTaxOn(pricePaise, rate));
          expect(splitGst(charged, rate).taxablePaise).toBe(pricePaise);
        },
      ),
      { numRuns: 20_000 },
    );
    expect(priceWithGst(100_000, 500)).toBe(105_000);
    expect(priceWithGst(99_999, 500)).toBe(99_999 + 2 * 2500);
  });

  it('charges the plan price unless prices are configured without tax', () => {
    const settings = {
      gstin: '09AAACH7409R1ZZ',
      placeOfSupplyCode: '09',
      sac: '996331',
      rateBasisPoints: 500,
    };
    expect(amountDuePaise(150_000, null)).toBe(150_000);
    expect(amountDuePaise(150_000, { ...settings, pricesIncludeTax: true })).toBe(150_000);
    expect(amountDuePaise(150_000, { ...settings, pricesIncludeTax: false })).toBe(157_500);
    expect(taxInvoiceColumns({ ...settings, pricesIncludeTax: true }, 150_000)).toEqual({
      invoice_gstin: '09AAACH7409R1ZZ',
      invoice_place_of_supply: 'Uttar Pradesh (09)',
      invoice_sac: '996331',
      gst_rate_basis_points: 500,
      taxable_paise: 142_858,
      cgst_paise: 3571,
      sgst_paise: 3571,
    });
    expect(Object.values(taxInvoiceColumns(null, 150_000)).every((value) => value === null)).toBe(
      true,
    );
    expect(formatRate(250)).toBe('2.5%');
    expect(formatRate(900)).toBe('9%');
    expect(formatRate(12.5)).toBe('0.125%');
  });
});

describe('GST settings', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-gst-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });
  const refusal = (env: Record<string, string>) => {
    try {
      load(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error(`${JSON.stringify(env)} was accepted`);
  };

  it('has no GST without a GSTIN, and defaults to 5% inclusive, SAC 996331, the GSTIN state', () => {
    expect(load({}).gst).toBeNull();
    expect(load({}).business.gstin).toBeNull();
    const config = load({ BUSINESS_GSTIN: ' 09aaach7409r1zz ' });
    expect(config.gst).toEqual({
      gstin: '09AAACH7409R1ZZ',
      placeOfSupplyCode: '09',
      sac: '996331',
      rateBasisPoints: 500,
      pricesIncludeTax: true,
    });
    expect(config.business.gstin).toBe('09AAACH7409R1ZZ');
    expect(
      load({
        BUSINESS_GSTIN: '27AAPFU0939F1ZV',
        GST_RATE: '12.5',
        GST_SAC: '9963',
        GST_PLACE_OF_SUPPLY: 'maharashtra',
        GST_PRICES_INCLUDE_TAX: '0',
      }).gst,
    ).toEqual({
      gstin: '27AAPFU0939F1ZV',
      placeOfSupplyCode: '27',
      sac: '9963',
      rateBasisPoints: 1250,
      pricesIncludeTax: false,
    });
    expect(load({ BUSINESS_GSTIN: '09AAACH7409R1ZZ', GST_PLACE_OF_SUPPLY: '9' }).gst).toMatchObject(
      { placeOfSupplyCode: '09' },
    );
    expect(load({ BUSINESS_GSTIN: '09AAACH7409R1ZZ', GST_RATE: '0' }).gst?.rateBasisPoints).toBe(0);
    expect(load({ BUSINESS_GSTIN: '09AAACH7409R1ZZ', GST_RATE: '28' }).gst?.rateBasisPoints).toBe(
      2800,
    );
  });

  it('computes the GSTIN check character', () => {
    expect(gstinCheckCharacter('09AAACH7409R1Z')).toBe('Z');
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('29AAGCB7383J1Z')).toBe('4');
  });

  it('refuses bad values with one sentence naming the fix', () => {
    const gstin = { BUSINESS_GSTIN: '09AAACH7409R1ZZ' };
    const format =
      'BUSINESS_GSTIN must be a GSTIN: 15 characters, the 2-digit state code, the 10-character PAN, the entity number, Z and a check character, e.g. 09AAACH7409R1ZZ';
    for (const bad of [
      '09AAACH7409R1Z',
      '09AAACH7409R1ZZZ',
      '09AAAC17409R1ZZ',
      '09AAACH7409R0ZZ',
      '09AAACH7409R1YZ',
    ]) {
      expect(refusal({ BUSINESS_GSTIN: bad })).toBe(format);
    }
    expect(refusal({ BUSINESS_GSTIN: '00AAACH7409R1ZZ' })).toBe(
      'BUSINESS_GSTIN starts with 00, which is no GST state code (01 to 38, or 97): check the GSTIN on the GST registration certificate.',
    );
    expect(refusal({ BUSINESS_GSTIN: '09AAACH7409R1ZY' })).toBe(
      'BUSINESS_GSTIN 09AAACH7409R1ZY fails its check character (the last one should be Z): check it for a typing mistake against the GST registration certificate.',
    );
    const rate =
      'GST_RATE must be the total GST rate in percent, from 0 to 28 with at most two decimals (e.g. 5 for CGST 2.5% + SGST 2.5%)';
    for (const bad of ['28.01', '-1', 'five', '5.125', '5%', '1e1']) {
      expect(refusal({ ...gstin, GST_RATE: bad })).toBe(rate);
    }
    expect(refusal({ ...gstin, GST_SAC: '99633' })).toBe(
      'GST_SAC must be the HSN/SAC code of the service: 4, 6 or 8 digits (996331 for restaurant and mess services)',
    );
    expect(refusal({ ...gstin, GST_PLACE_OF_SUPPLY: 'Atlantis' })).toBe(
      'GST_PLACE_OF_SUPPLY must be a state: its GST state code (09) or its name (Uttar Pradesh)',
    );
    expect(refusal({ ...gstin, GST_PLACE_OF_SUPPLY: 'Delhi' })).toBe(
      "GST_PLACE_OF_SUPPLY is Delhi (07) but BUSINESS_GSTIN is registered in Uttar Pradesh (09): Dabba issues intra-state invoices (CGST + SGST) only, so the place of supply must be the GSTIN's state; unset GST_PLACE_OF_SUPPLY to use it.",
    );
    expect(refusal({ ...gstin, GST_PRICES_INCLUDE_TAX: 'yes' })).toBe(
      'GST_PRICES_INCLUDE_TAX must be 1 (plan prices include GST) or 0 (GST is added to plan prices)',
    );
    expect(refusal({ GST_RATE: '5' })).toBe(
      "GST_RATE is set but BUSINESS_GSTIN is not: receipts become tax invoices only with the business's GSTIN, so set BUSINESS_GSTIN or unset GST_RATE.",
    );
    expect(refusal({ GST_PRICES_INCLUDE_TAX: '0' })).toContain('GST_PRICES_INCLUDE_TAX is set');
  });
});

describe('the app date format', () => {
  it('writes day, short month and year', () => {
    expect(formatCalendarDate('2026-11-23')).toBe('23 Nov 2026');
    expect(formatCalendarDate('2026-09-01')).toBe('1 Sep 2026');
    expect(formatCalendarDate('2024-02-29')).toBe('29 Feb 2024');
    expect(formatCalendarDate('2027-01-09')).toBe('9 Jan 2027');
    expect(() => formatCalendarDate('2026-02-30')).toThrow(RangeError);
  });
});
