// One catalogue of refusals (machines/shared/refusals.ts): every code the contract lists has its
// sentence in English and Hindi, and no client file (web/, cli/) finds a server's sentence by its
// English text: clients look sentences up by error_code.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REFUSALS_EN, REFUSALS_HI, type RefusalKey } from '@machines/shared';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The closed list of error codes in openapi.yaml (ErrorBody.error_code). */
function contractCodes(): string[] {
  const contract = parse(readFileSync(path.join(ROOT, 'openapi.yaml'), 'utf8')) as {
    components: { schemas: { ErrorBody: { properties: { error_code: { enum?: string[] } } } } };
  };
  return contract.components.schemas.ErrorBody.properties.error_code.enum ?? [];
}

const KEYS = Object.keys(REFUSALS_EN) as RefusalKey[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const DEVANAGARI = /[\u0900-\u097F]/;

describe('the refusal catalogue', () => {
  it('gives every code of the contract a sentence in English and in Hindi', () => {
    const codes = contractCodes();
    expect(codes.length).toBeGreaterThan(80);
    const missing = codes.filter(
      (code) =>
        !(REFUSALS_EN as Record<string, string | undefined>)[code]?.trim() ||
        !(REFUSALS_HI as Record<string, string | undefined>)[code]?.trim(),
    );
    expect(missing).toEqual([]);
  });

  it('keys every sentence by a code of the contract, and nothing else', () => {
    const codes = new Set(contractCodes());
    expect(KEYS.filter((key) => !codes.has(key.split(':')[0] ?? ''))).toEqual([]);
    expect(Object.keys(REFUSALS_HI).sort()).toEqual([...KEYS].sort());
  });

  it('writes each Hindi sentence in Devanagari with the English placeholders', () => {
    for (const key of KEYS) {
      expect(DEVANAGARI.test(REFUSALS_HI[key]), key).toBe(true);
      expect(placeholders(REFUSALS_HI[key]), key).toEqual(placeholders(REFUSALS_EN[key]));
    }
  });
});

// ----- clients never match a server's English ------------------------------------------------

/** The texts of a server's sentence a client could compare: an error body's parts, a refusal's. */
const SERVER_TEXT = String.raw`(?:\.detail\b|non_field_errors(?:\??\.?\[\d+\])?|errorSentence\([^)]*\)|\.body\??\.message\b|Refusals?\b[\w.?[\]'"]*\.message\b|\b[A-Z][A-Z_]+\.message\b)`;

const COMPARISONS = [
  // detail === '…', x.message === SOME_REFUSAL.message
  new RegExp(`${SERVER_TEXT}\\s*[!=]==?`),
  new RegExp(`[!=]==?\\s*[\\w.?]*${SERVER_TEXT}`),
  // detail.includes('…'), text.includes(PAST_DATES.message)
  new RegExp(`${SERVER_TEXT}\\??\\.(?:includes|startsWith|endsWith|match|indexOf)\\(`),
  new RegExp(`\\.(?:includes|startsWith|endsWith|indexOf)\\(\\s*[\\w.?]*${SERVER_TEXT}`),
];

/** English sentences of the catalogue long enough to be unmistakable, placeholders cut off. */
const SENTENCES = [...new Set(Object.values(REFUSALS_EN))]
  .map((sentence) => sentence.split('{')[0]!.trim())
  .filter((start) => start.split(/\s+/).length >= 4);

/** What in `source` finds a server's sentence by its text: the offending lines, trimmed. */
export function matchesOfServerText(source: string): string[] {
  const found: string[] = [];
  for (const line of source.split('\n')) {
    // Comments may quote a sentence; code may not.
    if (/^\s*(\/\*|\*)/.test(line)) continue;
    const code = line.replace(/\/\/.*$/, '');
    if (COMPARISONS.some((pattern) => pattern.test(code))) found.push(line.trim());
    else if (SENTENCES.some((sentence) => code.includes(sentence))) found.push(line.trim());
  }
  return found;
}

function clientFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'public') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name)) {
        files.push(full);
      }
    }
  };
  walk(path.join(ROOT, 'web'));
  walk(path.join(ROOT, 'cli'));
  return files;
}

describe('the web app and dabba', () => {
  it('know the ways a client matches English, so the scan below can fail', () => {
    const planted = [
      "if (body.detail === 'Not found.') return;",
      'nonField.some((text) => text.includes(PAST_DATES.message));',
      "if (error.body?.non_field_errors?.[0] === 'x') {}",
      'const hit = leaveRequestRefusals.pastDates.message === sentence;',
      'const same = errorSentence(body) === expected;',
      "notify('You already have a pending leave request.');",
      'if (code === PAST_DATES.code) {}',
    ];
    expect(planted.map((line) => matchesOfServerText(line).length)).toEqual([1, 1, 1, 1, 1, 1, 0]);
  });

  it('look sentences up by code, never by a server message’s text', () => {
    const files = clientFiles();
    expect(files.length).toBeGreaterThan(100);
    const offending = files.flatMap((file) =>
      matchesOfServerText(readFileSync(file, 'utf8')).map(
        (line) => `${path.relative(ROOT, file)}: ${line}`,
      ),
    );
    expect(offending).toEqual([]);
  });
});
