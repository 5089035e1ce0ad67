// The kitchen sheet's address (issue 37, item 11): the date and meal a cook's link names open that
// meal; what it leaves out or names wrongly is the meal being cooked now; and the page writes the
// same query back, so the address always names what the sheet shows.
import { describe, expect, it } from 'vitest';
import { sheetChoiceOf, sheetSearch } from '../../web/pages/admin/kitchen/kitchenAddress';

const cooking = { date: '2026-12-08', meal: 'lunch' } as const;

describe('the kitchen sheet’s address', () => {
  it('opens the date and meal a link names', () => {
    expect(sheetChoiceOf('date=2026-12-10&meal=dinner', cooking)).toEqual({
      date: '2026-12-10',
      meal: 'dinner',
    });
    // wouter's useSearch gives the query without '?'; a full one reads the same.
    expect(sheetChoiceOf('?meal=breakfast&date=2026-12-09', cooking)).toEqual({
      date: '2026-12-09',
      meal: 'breakfast',
    });
  });

  it('takes what the address leaves out from the meal being cooked now', () => {
    expect(sheetChoiceOf('', cooking)).toEqual(cooking);
    expect(sheetChoiceOf('date=2026-12-10', cooking)).toEqual({
      date: '2026-12-10',
      meal: 'lunch',
    });
    expect(sheetChoiceOf('meal=dinner', cooking)).toEqual({ date: '2026-12-08', meal: 'dinner' });
  });

  it('does not open a date or meal that is not one', () => {
    expect(sheetChoiceOf('date=2026-02-30&meal=supper', cooking)).toEqual(cooking);
    expect(sheetChoiceOf('date=tomorrow&meal=Lunch', cooking)).toEqual(cooking);
  });

  it('writes the date and meal into the query, which reads back the same', () => {
    expect(sheetSearch({ date: '2026-12-08', meal: 'lunch' })).toBe('date=2026-12-08&meal=lunch');
    for (const meal of ['breakfast', 'lunch', 'dinner'] as const) {
      const choice = { date: '2027-01-01', meal };
      expect(sheetChoiceOf(sheetSearch(choice), cooking)).toEqual(choice);
    }
  });
});
