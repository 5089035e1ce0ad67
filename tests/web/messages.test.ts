// The web app's message catalogues (web/locales/en.json, hi.json): the same keys in both
// languages, the same placeholders, valid ICU syntax, Hindi that is Hindi, English status names
// that are the machines' own, and no key nobody uses.
import { parse, type Token } from '@messageformat/parser';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_PRIORITY_LABELS,
  FEEDBACK_STATUS_LABELS,
  FEEDBACK_TYPE_LABELS,
} from '@machines/feedback';
import { DUES_STATUS_LABELS } from '@machines/dues';
import { LEAVE_STATUS_LABELS } from '@machines/leave';
import { USER_STATUS_LABELS } from '@machines/onboarding';
import { PAYMENT_STATUS_LABELS } from '@machines/payment';
import { REFUND_STATUS_LABELS } from '@machines/refund';
import { STAFF_ROLE_LABELS, STAFF_STATUS_LABELS } from '@machines/staff';
import { SUBSCRIPTION_STATUS_LABELS } from '@machines/subscription';
import { compiledCatalogue } from '../../web/build/messages';
import { APP, namespaceOf, SHELL } from '../../web/i18n/namespaces';
import { en, hi } from './catalogues';

const root = path.resolve(import.meta.dirname, '../..');

/** Texts that read the same in Hindi (names, and words Hindi writes in Latin letters). */
const SAME_IN_HINDI = new Set(['Instagram', 'UPI', 'Dabba', 'English', 'SMS', 'WhatsApp']);

function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select') {
        names.add(token.arg);
        for (const selectCase of token.cases) walk(selectCase.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe('the message catalogues', () => {
  it('have exactly the same keys in English and Hindi', () => {
    const missingInHindi = Object.keys(en).filter((key) => !(key in hi));
    const missingInEnglish = Object.keys(hi).filter((key) => !(key in en));
    expect(missingInHindi, 'keys missing from web/locales/hi.json').toEqual([]);
    expect(missingInEnglish, 'keys missing from web/locales/en.json').toEqual([]);
  });

  it('give every message text, valid ICU syntax and the same placeholders in both languages', () => {
    for (const [key, english] of Object.entries(en)) {
      const hindi = hi[key] ?? '';
      expect(english.trim(), key).not.toBe('');
      expect(hindi.trim(), key).not.toBe('');
      expect(placeholders(hindi), key).toEqual(placeholders(english));
    }
    for (const language of ['en', 'hi']) expect(() => compiledCatalogue(language)).not.toThrow();
  });

  it('write Hindi in Devanagari', () => {
    const notHindi = Object.entries(hi).filter(
      ([key, hindi]) => !/[\u0900-\u097F]/.test(hindi) && !SAME_IN_HINDI.has(en[key] ?? ''),
    );
    // A message of placeholders and symbols only ("{count}") has nothing to translate.
    expect(
      notHindi.filter(([, hindi]) => /[A-Za-z]{2,}/.test(hindi.replace(/\{[^}]*\}/g, ''))),
    ).toEqual([]);
  });

  it('name statuses in English exactly as the machines do, for the web and `dabba` alike', () => {
    const machines: Record<string, Readonly<Record<string, string>>> = {
      subscription: SUBSCRIPTION_STATUS_LABELS,
      payment: PAYMENT_STATUS_LABELS,
      leave: LEAVE_STATUS_LABELS,
      refund: REFUND_STATUS_LABELS,
      feedback: FEEDBACK_STATUS_LABELS,
      account: USER_STATUS_LABELS,
      dues: DUES_STATUS_LABELS,
      priority: FEEDBACK_PRIORITY_LABELS,
      feedbackType: FEEDBACK_TYPE_LABELS,
      staff: STAFF_STATUS_LABELS,
      staffRole: STAFF_ROLE_LABELS,
    };
    for (const [lifecycle, labels] of Object.entries(machines)) {
      for (const [status, label] of Object.entries(labels)) {
        expect(en[`status.${lifecycle}.${status}`], `${lifecycle} ${status}`).toBe(label);
      }
    }
  });

  it('hold no key the app never uses', () => {
    const sources: string[] = [];
    const collect = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) collect(file);
        else if (/\.tsx?$/.test(name)) sources.push(readFileSync(file, 'utf8'));
      }
    };
    collect(path.join(root, 'web'));
    const text = sources.join('\n');
    // status.* keys are built from the API's values (web/i18n/labels.ts).
    const unused = Object.keys(en).filter(
      (key) =>
        !key.startsWith('status.') && !text.includes(`'${key}'`) && !text.includes(`"${key}"`),
    );
    expect(unused).toEqual([]);
  });

  it("keep each page's messages in the page's own chunk or the shared ones", () => {
    // A page (web/pages/<page>/, web/pages/admin/<page>/) may use the shell's, the shared "app"
    // chunk's and one chunk of its own: the one web/app/routes.ts loads with it.
    const routes = readFileSync(path.join(root, 'web/app/routes.ts'), 'utf8');
    const pagesDir = path.join(root, 'web/pages');
    const pageDirs = readdirSync(pagesDir).flatMap((name) =>
      name === 'admin'
        ? readdirSync(path.join(pagesDir, 'admin')).map((inner) => `admin/${inner}`)
        : [name],
    );
    for (const dir of pageDirs) {
      const text = readdirSync(path.join(pagesDir, dir))
        .filter((name) => /\.tsx?$/.test(name))
        .map((name) => readFileSync(path.join(pagesDir, dir, name), 'utf8'))
        .join('\n');
      const own = new Set(
        Object.keys(en)
          .filter((key) => text.includes(`'${key}'`) || text.includes(`"${key}"`))
          .map(namespaceOf)
          .filter((namespace) => namespace !== SHELL && namespace !== APP),
      );
      expect(own.size, `web/pages/${dir} uses ${[...own].join(', ')}`).toBeLessThanOrEqual(1);
      for (const namespace of own) {
        // The route that loads this page names its namespace right after the import, or, for a
        // signed-in page (web/app/signedInPages.ts), after the page's folder.
        const loads = new RegExp(
          `import\\('@web/pages/${dir}/[A-Za-z]+'\\),\\s*\\(m\\) => m\\.[A-Za-z]+,\\s*'${namespace}'` +
            `|signedInPage\\('${dir}',\\s*'${namespace}'\\)`,
        );
        if (dir !== 'landing') expect(routes, `${dir} loads ${namespace}`).toMatch(loads);
      }
    }
    // Shared code uses only the shell's and the shared chunk's messages.
    for (const dir of ['app', 'components', 'lib', 'checkout', 'session', 'api']) {
      const files = readdirSync(path.join(root, 'web', dir)).filter((name) => /\.tsx?$/.test(name));
      const text = files
        .map((name) => readFileSync(path.join(root, 'web', dir, name), 'utf8'))
        .join('\n');
      const used = Object.keys(en).filter(
        (key) => text.includes(`'${key}'`) || text.includes(`"${key}"`),
      );
      for (const key of used)
        expect([SHELL, APP], `${key} in web/${dir}`).toContain(namespaceOf(key));
    }
  });
});
