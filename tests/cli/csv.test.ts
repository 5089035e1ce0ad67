// `dabba export csv` flag parsing. The export's rules themselves are tested once, with the web's
// export, in tests/machines/export.test.ts.
import { describe, expect, it } from 'vitest';
import {
  localDate,
  parseColumns,
  parseMealSelection,
  parseSources,
} from '../../cli/services/csv.js';
import { exportFileName, selectColumns } from '@machines/export';

const headers = (columns: readonly string[]) => selectColumns(columns).map((c) => c.header);

describe('dabba export csv flags', () => {
  it('--columns: Username and Full Name first, then phone and subscription status by default', () => {
    expect(headers(parseColumns(undefined))).toEqual([
      'Username',
      'Full Name',
      'Phone',
      'Subscription Status',
    ]);
    expect(headers(parseColumns(['email,username,plan name']))).toEqual([
      'Username',
      'Full Name',
      'Email',
      'Plan Name',
    ]);
    // The file keeps the web dialog's column order, whatever order the flag lists them in.
    expect(headers(parseColumns(['plan-name,email']))).toEqual([
      'Username',
      'Full Name',
      'Email',
      'Plan Name',
    ]);
    expect(parseColumns(['all'])).toHaveLength(17);
    expect(headers(parseColumns(['all']))).toHaveLength(19);
    expect(() => parseColumns(['password'])).toThrow(/not a column/);
  });

  it('--meals: service-scoped meals, a bare meal for the chosen service (or both)', () => {
    expect(parseMealSelection(['tiffin:lunch,tiffin:dinner'])).toEqual({
      tiffinMeals: ['lunch', 'dinner'],
      messMeals: [],
    });
    expect(parseMealSelection(['tiffin:lunch', 'mess:dinner'])).toEqual({
      tiffinMeals: ['lunch'],
      messMeals: ['dinner'],
    });
    expect(parseMealSelection(['lunch'], 'tiffin')).toEqual({
      tiffinMeals: ['lunch'],
      messMeals: [],
    });
    expect(parseMealSelection(['dinner'])).toEqual({
      tiffinMeals: ['dinner'],
      messMeals: ['dinner'],
    });
    expect(parseMealSelection(['Dinner , breakfast'], 'mess')).toEqual({
      tiffinMeals: [],
      messMeals: ['breakfast', 'dinner'],
    });
    expect(() => parseMealSelection(['supper'])).toThrow(/not a meal/);
    expect(() => parseMealSelection(['canteen:lunch'])).toThrow(/tiffin or mess/);
  });

  it('--sources: users and subscribers (Active subscribers), users by default', () => {
    expect(parseSources(undefined)).toEqual(['users']);
    expect(parseSources(['subscribers'])).toEqual(['active_subscribers']);
    expect(parseSources(['subscribers,users', 'active_subscribers'])).toEqual([
      'active_subscribers',
      'users',
    ]);
    expect(() => parseSources(['orders'])).toThrow(/not a source/);
    expect(() => parseSources([' , '])).toThrow(/at least one source/);
  });

  it('names the file from the sources and the local date, as the web export does', () => {
    expect(
      exportFileName(parseSources(['subscribers,users']), localDate(new Date(2026, 10, 2, 23, 0))),
    ).toBe('users_and_active_subscribers_2026-11-02.csv');
    expect(exportFileName(parseSources(['users']), localDate(new Date(2026, 0, 15)))).toBe(
      'users_2026-01-15.csv',
    );
  });
});
