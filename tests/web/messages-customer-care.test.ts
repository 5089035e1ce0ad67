// Texts the customer-care screens (leaves, feedback, notifications, profile) show from machines/
// (which `dabba` shows too) and from the server's notices read in English exactly as those write
// them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { YEAR_OPTIONS } from '@machines/onboarding';
import { NOTICE_TITLES } from '../../web/pages/notifications/noticeTitles';
import { YEAR_LABELS } from '../../web/features/onboarding/profileMessages';
import { en } from './catalogues';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, string>;

describe('the messages of machines/ texts on the customer-care screens', () => {
  it('name every year of study, in English as the value itself', () => {
    for (const year of YEAR_OPTIONS) expect(en[YEAR_LABELS[year]]).toBe(year);
  });

  it("title notices in English as the server's subjects", () => {
    const server = read('server/locales/en.json');
    for (const [type, id] of NOTICE_TITLES) {
      expect(en[id], type).toBe(server[`notice.${type}.subject`]);
    }
  });
});
