// Whom the owner's dashboard greets (issue 18): the owner's own first name, else the business's
// whole name, never a word of a placeholder or of the business name ("Welcome back, Mess.").
import { describe, expect, it } from 'vitest';
import { OWNER_PLACEHOLDER_NAME } from '@machines/shared';
import { greetingName } from '../../web/pages/admin/dashboard/greeting';

const BUSINESS = 'Annapurna Mess & Tiffin';

describe("the owner dashboard's greeting", () => {
  it("uses the owner's own first name", () => {
    expect(greetingName({ first_name: 'Sunita', last_name: 'Rao' }, BUSINESS)).toBe('Sunita');
    expect(greetingName({ first_name: '  Sunita ', last_name: '' }, BUSINESS)).toBe('Sunita');
  });

  it('uses the whole business name when the account has no first name', () => {
    expect(greetingName({ first_name: '', last_name: 'Rao' }, BUSINESS)).toBe(BUSINESS);
    expect(greetingName({ first_name: '   ', last_name: '' }, ` ${BUSINESS} `)).toBe(BUSINESS);
    expect(greetingName(null, BUSINESS)).toBe(BUSINESS);
  });

  it('takes the name the first start gives the owner account for no name', () => {
    const placeholder = {
      first_name: OWNER_PLACEHOLDER_NAME.first,
      last_name: OWNER_PLACEHOLDER_NAME.last,
    };
    expect(`${placeholder.first_name} ${placeholder.last_name}`).toBe('Mess Owner');
    expect(greetingName(placeholder, BUSINESS)).toBe(BUSINESS);
    expect(greetingName(placeholder, 'Dabba Mess & Tiffin')).toBe('Dabba Mess & Tiffin');
  });

  it('greets nobody by name when there is neither', () => {
    expect(greetingName({ first_name: '', last_name: '' }, '')).toBeNull();
    expect(greetingName(undefined, undefined)).toBeNull();
  });
});
