// Texts the customer-care screens (leaves, feedback, notifications, profile) show from machines/
// (which `dabba` shows too) and from the server's notices read in English exactly as those write
// them.
import { setupI18n } from '@lingui/core';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedbackRefusals, feedbackRequestRefusals } from '@machines/feedback';
import { leaveRequestRefusals, validateLeaveRequest } from '@machines/leave';
import { onboardingRefusals, YEAR_OPTIONS } from '@machines/onboarding';
import { MAX_LEAVE_DAYS } from '@machines/shared';
import { allMessages } from '../../web/build/messages';
import { FEEDBACK_REFUSAL_MESSAGES } from '../../web/pages/feedback/feedbackMessages';
import { LEAVE_REFUSAL_MESSAGES } from '../../web/pages/leaves/leaveMessages';
import { NOTICE_TITLES } from '../../web/pages/notifications/noticeTitles';
import { PROFILE_REFUSAL_MESSAGES, YEAR_LABELS } from '../../web/pages/profile/profileMessages';
import { en } from './catalogues';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) =>
  JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, string>;

/** The English catalogue as the app renders it (plural day counts filled in). */
const english = (() => {
  const i18n = setupI18n({ locale: 'en', messages: { en: allMessages('en') } });
  return (id: string, values?: Record<string, unknown>) => i18n._(id, values);
})();

describe('the messages of machines/ texts on the customer-care screens', () => {
  it("give the leave form's refusals the leave machine's English", () => {
    for (const [name, id] of Object.entries(LEAVE_REFUSAL_MESSAGES)) {
      const refusal = leaveRequestRefusals[name as keyof typeof LEAVE_REFUSAL_MESSAGES];
      expect(english(id, { count: MAX_LEAVE_DAYS }), name).toBe(refusal.message);
    }
  });

  it('cover every refusal validateLeaveRequest gives', () => {
    const verdict = validateLeaveRequest({
      startDate: '2026-01-01',
      endDate: '2025-12-01',
      today: '2026-02-01',
      adjustedEndDate: '2025-11-01',
      subscriptionStatus: 'EXPIRED',
      hasOtherPending: true,
      overlapsExisting: true,
    });
    const wide = validateLeaveRequest({
      startDate: '2026-03-01',
      endDate: '2026-05-01',
      today: '2026-02-01',
      adjustedEndDate: null,
      subscriptionStatus: 'ACTIVE',
      hasOtherPending: false,
      overlapsExisting: false,
    });
    const given = [verdict, wide].flatMap((item) => (item.ok ? [] : item.refusals));
    const known = new Set(
      Object.keys(LEAVE_REFUSAL_MESSAGES).map(
        (name) => leaveRequestRefusals[name as keyof typeof LEAVE_REFUSAL_MESSAGES].message,
      ),
    );
    for (const refusal of given) expect(known, refusal.code).toContain(refusal.message);
  });

  it("give the feedback screens the feedback machine's English", () => {
    expect(en[FEEDBACK_REFUSAL_MESSAGES.openExists]).toBe(
      feedbackRequestRefusals.openExists.message,
    );
    expect(en[FEEDBACK_REFUSAL_MESSAGES.attachmentTooLarge]).toBe(
      feedbackRequestRefusals.attachmentTooLarge.message,
    );
    expect(en[FEEDBACK_REFUSAL_MESSAGES.addAttachmentNotOpen]).toBe(
      feedbackRefusals.events['feedback.add_attachment'].message,
    );
  });

  it("give the profile form's refusals the onboarding machine's English", () => {
    for (const [guard, id] of Object.entries(PROFILE_REFUSAL_MESSAGES)) {
      const refusal = onboardingRefusals.guards[guard as keyof typeof PROFILE_REFUSAL_MESSAGES];
      expect(en[id], guard).toBe(refusal.message);
    }
  });

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
