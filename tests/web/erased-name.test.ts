// An erased customer's name (issue 23): the server keeps it in English ("Erased customer #12", so
// lists still add up) and signs what they did with the username the erasure gives them
// ("erased-12"); the owner's screens read both in the app's language (a feedback's "by …", the
// audit log's "who"), and leave every other name as it came.
import { beforeAll, describe, expect, it } from 'vitest';
import { ERASED_FIRST_NAME, erasedUsername } from '@machines/erasure';
import { i18n, loadAppMessages, setMessageLoaders } from '../../web/i18n/i18n';
import { personName } from '../../web/i18n/labels';
import { en, hi } from './catalogues';

/** The name the erasure store writes: its first name and `#<id>` as its last. */
const stored = (id: number) => `${ERASED_FIRST_NAME} #${id}`;

beforeAll(() => {
  setMessageLoaders(() => import('virtual:messages/loaders'));
});

describe("an erased customer's name", () => {
  it('reads in English as the server stores it', async () => {
    i18n.activate('en');
    await loadAppMessages();
    expect(personName(stored(12))).toBe('Erased customer #12');
    expect(en['person.erased']).toBe('Erased customer #{id}');
  });

  it('reads in Hindi on a Hindi screen', async () => {
    i18n.activate('hi');
    await loadAppMessages();
    expect(personName(stored(12))).toBe('मिटाया गया ग्राहक #12');
    expect(personName(` ${stored(4051)} `)).toBe('मिटाया गया ग्राहक #4051');
    expect(hi['person.erased']).toBe('मिटाया गया ग्राहक #{id}');
  });

  it('reads the username the erasure gave them the same way', async () => {
    i18n.activate('hi');
    await loadAppMessages();
    expect(personName(erasedUsername(45))).toBe('मिटाया गया ग्राहक #45');
    i18n.activate('en');
    await loadAppMessages();
    expect(personName(erasedUsername(45))).toBe('Erased customer #45');
    expect(personName('erased-45x')).toBe('erased-45x');
  });

  it('leaves every other name as it came', async () => {
    i18n.activate('hi');
    await loadAppMessages();
    for (const name of [
      'Asha Verma',
      'Erased customer',
      'Erased customer #',
      'Erased customer #12a',
      `x ${stored(3)}`,
      '',
    ])
      expect(personName(name)).toBe(name);
  });
});
