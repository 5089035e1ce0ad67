// Words that read once and as counted (issue 37, item 3): a notice sent by SMS says "By SMS" and
// then only why, not "By SMS Sent by SMS"; a count is "1 refund", "2 refunds", never "refund(s)"
// or "1 days", in any catalogue (the web app's, the server's, the refusals'); each meal has one
// word per language, the same in a refusal, a label and a notice; a plan reads in the reader's
// language, the English when the owner gave no Hindi.
import { beforeAll, describe, expect, it } from 'vitest';
import { REFUSALS_EN, REFUSALS_HI, refusalSentence, textIn } from '@machines/shared';
import serverEnglish from '../../server/locales/en.json';
import serverHindi from '../../server/locales/hi.json';
import { isSentenceKey, t as serverT } from '../../server/platform/i18n';
import { fallbackNoteOf } from '../../web/features/whatsapp/fallback-note';
import { i18n, loadAppMessages, loadMessages, setMessageLoaders, t } from '../../web/i18n/i18n';
import { planText } from '../../web/i18n/labels';
import { en, hi } from './catalogues';

const serverEn: Readonly<Record<string, string>> = serverEnglish;
const serverHi: Readonly<Record<string, string>> = serverHindi;

/** Every catalogue people read, by name. */
const CATALOGUES: Record<string, Readonly<Record<string, string>>> = {
  'web/locales/en.json': en,
  'web/locales/hi.json': hi,
  'server/locales/en.json': serverEn,
  'server/locales/hi.json': serverHi,
  'machines/shared/refusals.ts': REFUSALS_EN,
  'machines/shared/refusals.hi.ts': REFUSALS_HI,
};

/** A message without its ICU plural and select blocks: what it says whatever the count. */
function outsideBlocks(message: string): string {
  let depth = 0;
  let kept = '';
  let block = '';
  for (const char of message) {
    if (char === '{') {
      depth += 1;
      block += char;
    } else if (char === '}') {
      depth -= 1;
      block += char;
      if (depth === 0) {
        // A plain placeholder stays; a plural or select block goes.
        kept += /^\{\w+\}$/.test(block) ? block : '';
        block = '';
      }
    } else if (depth > 0) block += char;
    else kept += char;
  }
  return kept;
}

/** Counts that are never one (the owner home's 30 days, the latest 10 payments): plain is fine. */
const NEVER_ONE = new Set([
  'owner.showTable',
  'owner.table.caption',
  'owner.figure.whatsappTier',
  'superuser.recent.caption',
  'privacy.notice.howLong.body',
]);

const COUNTED =
  /\{(\w+)\} (days|meals|subscriptions|refunds|invoices|credit notes|records|payments|customers|minutes|seconds|hours|dishes|leaves|times|bytes)\b/;

beforeAll(() => {
  setMessageLoaders(() => import('virtual:messages/loaders'));
});

describe('a notice that went by SMS', () => {
  it('says why beside the "By SMS" badge, without saying SMS again', () => {
    const sms = { status: 'sms', fallback: true, fallback_reason: 'no_consent' } as const;
    expect(fallbackNoteOf(sms)).toBe('status.whatsapp.smsNoConsent');
    for (const catalogue of [en, hi]) {
      const badge = catalogue['status.whatsapp.sms']!;
      const note = catalogue['status.whatsapp.smsNoConsent']!;
      expect(`${badge} ${note}`).not.toMatch(/SMS.*SMS|एसएमएस.*एसएमएस/);
    }
    // Failed on WhatsApp, then sent by SMS: the badge says failed, the note where it went.
    expect(fallbackNoteOf({ status: 'failed', fallback: true, fallback_reason: 'failed' })).toBe(
      'status.whatsapp.fallbackFailed',
    );
    expect(fallbackNoteOf({ status: 'delivered', fallback: false, fallback_reason: null })).toBe(
      null,
    );
  });
});

describe('counted words', () => {
  it('no message of any catalogue writes a plural as "(s)"', () => {
    for (const [file, catalogue] of Object.entries(CATALOGUES)) {
      const lazy = Object.entries(catalogue).filter(([, text]) =>
        /\((s|es|ies|ों|ें|एँ|ओं)\)/.test(text),
      );
      expect(lazy, file).toEqual([]);
    }
  });

  it('counts with ICU plurals: "1 day", "2 days", never a count before a fixed plural', () => {
    for (const catalogue of [en, serverEn]) {
      const lazy = Object.entries(catalogue).filter(
        ([key, text]) =>
          !NEVER_ONE.has(key) && !isSentenceKey(key) && COUNTED.test(outsideBlocks(text)),
      );
      expect(lazy).toEqual([]);
    }
    // The API's English sentences are keyed by themselves: one with a count has its "1" sibling.
    for (const key of Object.keys(serverEn).filter((sentence) => isSentenceKey(sentence))) {
      const counted = /\{\w+\} (minutes|seconds)/.exec(key);
      if (!counted) continue;
      const one = key.replace(counted[0], `1 ${counted[1]!.slice(0, -1)}`);
      expect(serverEn[one], one).toBe(one);
    }
  });

  it('says "1 day" and "2 days" where a customer and the owner read them', async () => {
    i18n.activate('en');
    await Promise.all([loadAppMessages(), loadMessages('superuser')]);
    expect(t('ledger.dueSince', { date: '1 Dec', days: 1 })).toBe('Due since 1 Dec (1 day)');
    expect(t('ledger.dueSince', { date: '1 Dec', days: 2 })).toBe('Due since 1 Dec (2 days)');
    expect(t('superuser.export.toast.message', { count: 1 })).toBe('Downloaded 1 record.');
    expect(serverT('en', 'receipt.duration.days', { days: 1 })).toBe('1 day');
    expect(serverT('en', 'receipt.duration.days', { days: 30 })).toBe('30 days');
    expect(serverT('hi', 'receipt.duration.days', { days: 30 })).toBe('30 दिन');
  });

  it('counts unpaid refunds in English', async () => {
    i18n.activate('en');
    await Promise.all([loadAppMessages(), loadMessages('erasure')]);
    expect(t('erasure.blocked.refunds', { count: 1 })).toBe('1 refund not paid out yet.');
    expect(t('erasure.blocked.refunds', { count: 2 })).toBe('2 refunds not paid out yet.');
  });
});

describe('the meals', () => {
  const MEALS = ['breakfast', 'lunch', 'dinner'] as const;
  // Words a Hindi text might use for a meal besides the one the app says.
  const OTHER_HINDI = /दोपहर (का|के|की) भोजन|रात (का|के|की) भोजन|रात्रि|लंच|डिनर|ब्रेकफ़ास्ट|ब्रेकफास्ट/;

  it('are called alike by a refusal, a label and a notice, in each language', () => {
    for (const meal of MEALS) {
      for (const [language, labels] of [
        ['en', en],
        ['hi', hi],
      ] as const) {
        const label = labels[`format.meal.${meal}`]!;
        // A refusal names the meal by the label's word.
        const refusal = refusalSentence(language, 'meal_skip.kitchen_closed', {
          meal,
          day: '2026-11-28',
          reason: 'Holi',
        });
        expect(refusal, `${language} ${meal}`).toContain(label);
        // So does the server's notice of a skipped meal (lower case inside an English sentence).
        const notice = serverT(language, 'notice.meal_skipped.meal', { meal });
        expect(notice, `${language} ${meal}`).toBe(language === 'en' ? label.toLowerCase() : label);
      }
    }
  });

  it('have no other Hindi word anywhere', () => {
    for (const file of [
      'web/locales/hi.json',
      'server/locales/hi.json',
      'machines/shared/refusals.hi.ts',
    ]) {
      const others = Object.entries(CATALOGUES[file]!).filter(([, text]) => OTHER_HINDI.test(text));
      expect(others, file).toEqual([]);
    }
  });
});

describe('a plan’s name', () => {
  it('reads a plan in Hindi for a reader of Hindi, in English otherwise or when none is given', () => {
    expect(textIn('hi', 'Full Thali', 'पूरी थाली')).toBe('पूरी थाली');
    expect(textIn('en', 'Full Thali', 'पूरी थाली')).toBe('Full Thali');
    expect(textIn('hi', 'Full Thali', null)).toBe('Full Thali');
    expect(textIn('hi', 'Full Thali', '  ')).toBe('Full Thali');
    i18n.activate('hi');
    expect(planText('Full Thali', 'पूरी थाली')).toBe('पूरी थाली');
    expect(planText('Full Thali', null)).toBe('Full Thali');
    i18n.activate('en');
    expect(planText('Full Thali', 'पूरी थाली')).toBe('Full Thali');
  });
});
