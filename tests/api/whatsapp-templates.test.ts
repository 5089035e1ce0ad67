// The WhatsApp templates as Meta's review takes them: every body in docs/rules/whatsapp.md's table
// (what the owner submits) and in the code (server/services/whatsapp/templates.ts, what the queue
// sends), in English and Hindi, begins and ends with fixed words, has fixed words between any two
// placeholders, uses {{1}}…{{n}} once each for its n parameters, and has at least 3 fixed words per
// placeholder: Meta refuses a body that starts or ends with a placeholder, puts two side by side,
// or has too many placeholders for its length, and 3 words each is a ratio it accepts. The page
// and the code say the same.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  WHATSAPP_TEMPLATES,
  type WhatsappLanguage,
} from '../../server/services/whatsapp/templates.js';

/** Fixed words a template needs per placeholder. */
const MIN_WORDS_PER_PLACEHOLDER = 3;
const LANGUAGES: readonly WhatsappLanguage[] = ['en', 'hi'];

/** A word in any script: letters with their combining marks (Devanagari's vowel signs), digits. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const PLACEHOLDER = /\{\{(\d+)\}\}/g;

interface TableRow {
  name: string;
  parameters: string[];
  body: Record<WhatsappLanguage, string>;
}

/** docs/rules/whatsapp.md's template table: | `name` | parameters | English body | Hindi body |. */
function documentedTemplates(): TableRow[] {
  const page = readFileSync(new URL('../../docs/rules/whatsapp.md', import.meta.url), 'utf8');
  const header = '| Name | {{1}}, {{2}}… | English body | Hindi body |';
  const start = page.indexOf(header);
  expect(start, 'docs/rules/whatsapp.md has the WhatsApp template table').toBeGreaterThan(0);
  const lines = page.slice(start).split('\n').slice(2);
  const rows: TableRow[] = [];
  for (const line of lines) {
    if (!line.startsWith('|')) break;
    const cells = line.split(' | ').map((cell) => cell.replace(/^\| ?| ?\|$/g, ''));
    expect(cells, line).toHaveLength(4);
    const [name, parameters, en, hi] = cells as [string, string, string, string];
    rows.push({
      name: name.replace(/`/g, ''),
      parameters: parameters.split(', '),
      body: { en, hi },
    });
  }
  return rows;
}

/** What Meta's review would refuse in `body`, for a template with `parameterCount` parameters. */
function refusals(body: string, parameterCount: number): string[] {
  const problems: string[] = [];
  const placeholders = [...body.matchAll(PLACEHOLDER)];
  const numbers = placeholders.map((match) => Number(match[1]));
  const expected = Array.from({ length: parameterCount }, (_, index) => index + 1);
  if ([...numbers].sort((a, b) => a - b).join() !== expected.join()) {
    problems.push(`uses ${numbers.join(',')} for ${parameterCount} parameters`);
  }
  // The fixed text around and between the placeholders.
  const pieces = body.split(PLACEHOLDER).filter((_, index) => index % 2 === 0);
  const words = (text: string) => text.match(WORD)?.length ?? 0;
  if (words(pieces[0] ?? '') === 0) problems.push('starts with a placeholder');
  if (words(pieces[pieces.length - 1] ?? '') === 0) problems.push('ends with a placeholder');
  pieces.slice(1, -1).forEach((between, index) => {
    if (words(between) === 0)
      problems.push(`placeholders ${index + 1} and ${index + 2} side by side`);
  });
  const fixed = pieces.reduce((sum, piece) => sum + words(piece), 0);
  if (fixed < MIN_WORDS_PER_PLACEHOLDER * placeholders.length) {
    problems.push(`${fixed} fixed words for ${placeholders.length} placeholders`);
  }
  return problems;
}

describe('the WhatsApp templates', () => {
  it('are the same in docs/rules/whatsapp.md and in the code, name, parameters and both bodies', () => {
    const code = Object.entries(WHATSAPP_TEMPLATES).map(([name, template]) => ({
      name,
      parameters: [...template.parameters],
      body: { ...template.body },
    }));
    expect(documentedTemplates()).toEqual(code);
  });

  it(`begin and end with fixed words, never put two placeholders together, and have ${MIN_WORDS_PER_PLACEHOLDER} fixed words per placeholder`, () => {
    const refused: Record<string, string[]> = {};
    let checked = 0;
    for (const source of [
      { where: 'docs/rules/whatsapp.md', rows: documentedTemplates() },
      {
        where: 'code',
        rows: Object.entries(WHATSAPP_TEMPLATES).map(([name, template]) => ({
          name,
          parameters: [...template.parameters],
          body: template.body,
        })),
      },
    ]) {
      for (const { name, parameters, body } of source.rows) {
        for (const language of LANGUAGES) {
          checked += 1;
          const problems = refusals(body[language], parameters.length);
          if (problems.length > 0) refused[`${source.where} ${name} ${language}`] = problems;
        }
      }
    }
    // Six templates in two languages, in both places.
    expect(checked).toBe(2 * 2 * Object.keys(WHATSAPP_TEMPLATES).length);
    expect(refused).toEqual({});
  });

  it('would catch what Meta refuses', () => {
    expect(refusals('{{1}}: your refund of {{2}} has been paid.', 2)).toEqual([
      'starts with a placeholder',
    ]);
    expect(refusals('Your receipt from the mess is here: {{1}}', 1)).toEqual([
      'ends with a placeholder',
    ]);
    expect(refusals('Hello from the mess, {{1}} {{2}}, your plan is ready today.', 2)).toEqual([
      'placeholders 1 and 2 side by side',
    ]);
    expect(refusals('Hi {{1}} and {{2}} or {{3}} ok.', 3)).toEqual([
      '4 fixed words for 3 placeholders',
    ]);
    expect(refusals('Paid {{2}} to us today, thank you very much.', 2)).toEqual([
      'uses 2 for 2 parameters',
    ]);
    expect(refusals('नमस्ते, {{1}} की ओर से आपका भुगतान मिल गया।', 1)).toEqual([]);
  });
});
