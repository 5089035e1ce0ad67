// Pure rules shared by server and web: dates, money, leave and feedback validation, display helpers.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  canCreateFeedback,
  computePriority,
  computeSubscriptionDates,
  daysRemaining,
  diffDays,
  hasStarted,
  paymentPolicyProblems,
  queuedStartDate,
  walkInStartProblems,
  walkInStartsNow,
  EffectError,
  effectiveSubscriptionStatus,
  expiryTone,
  failureFromStatus,
  inclusiveDays,
  isExpired,
  isIsoDate,
  isSoonToExpire,
  DEFAULT_LEAVE_POLICY,
  DEFAULT_SETTINGS,
  firstMealCutoff,
  instantInZone,
  leaveDaysInMonth,
  leaveDuration,
  leaveExtends,
  leaveRefusalField,
  monthOverCap,
  settingsProblems,
  type LeaveRequestFacts,
  leaveRequestRefusals,
  MAX_LEAVE_DAYS,
  messageCounterTone,
  otherLeaveFacts,
  overlapsAnyLeave,
  refundBreakdown,
  refundStatusDisplay,
  todayIn,
  toDayNumber,
  toMachineError,
  validateAttachment,
  validateFeedbackRequest,
  validateLeaveRequest,
  validateSubscriptionRequest,
} from '@machines';

describe('dates', () => {
  it('does integer day arithmetic across months, leap days and years', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(diffDays('2025-03-01', '2025-02-01')).toBe(28);
    expect(diffDays('2025-01-01', '2025-01-02')).toBe(-1);
    expect(inclusiveDays('2025-01-01', '2025-01-01')).toBe(1);
    expect(inclusiveDays('2025-01-02', '2025-01-01')).toBe(0);
    // Spans the March DST change in zones that have one; UTC day numbers do not care.
    expect(diffDays('2025-04-01', '2025-03-01')).toBe(31);
  });

  it('rejects impossible dates', () => {
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-1-5')).toBe(false);
    expect(() => toDayNumber('2025-13-01')).toThrow(RangeError);
  });

  it('takes today in the business time zone', () => {
    const lateEveningUtc = Date.UTC(2025, 0, 31, 20, 0, 0); // 01:30 on 1 February in Kolkata
    expect(todayIn('Asia/Kolkata', lateEveningUtc)).toBe('2025-02-01');
    expect(todayIn('UTC', lateEveningUtc)).toBe('2025-01-31');
  });
});

describe('failures', () => {
  it('maps statuses and errors to the closed union', () => {
    expect([undefined, 0, 401, 403, 404, 408, 500].map(failureFromStatus)).toEqual([
      'network',
      'network',
      'session-expired',
      'refused',
      'refused',
      'network',
      'unexpected',
    ]);
    expect(toMachineError(new EffectError('refused', 'Nope.'))).toEqual({
      failure: 'refused',
      message: 'Nope.',
    });
    expect(toMachineError(new EffectError('refused'))).toEqual({
      failure: 'refused',
      message: null,
    });
    expect(toMachineError(new TypeError('fetch failed'))).toEqual({
      failure: 'network',
      message: null,
    });
    expect(toMachineError(new Error('boom'))).toEqual({ failure: 'unexpected', message: 'boom' });
    expect(toMachineError('weird')).toEqual({ failure: 'unexpected', message: null });
  });
});

describe('subscription arithmetic', () => {
  it('sets the dates when payment succeeds', () => {
    expect(computeSubscriptionDates('2025-01-01', 30)).toEqual({
      startDate: '2025-01-01',
      baseEndDate: '2025-01-30',
      adjustedEndDate: '2025-01-30',
    });
    expect(computeSubscriptionDates('2025-01-01', 30, 3).adjustedEndDate).toBe('2025-02-02');
  });

  it('counts days remaining only while ACTIVE, today included', () => {
    expect(daysRemaining('2025-01-30', '2025-01-30', 'ACTIVE')).toBe(1);
    expect(daysRemaining('2025-01-30', '2025-01-01', 'ACTIVE')).toBe(30);
    expect(daysRemaining('2025-01-30', '2025-02-05', 'ACTIVE')).toBe(0);
    expect(daysRemaining('2025-01-30', '2025-01-01', 'CANCELLED')).toBe(0);
    expect(daysRemaining(null, '2025-01-01', 'PENDING_PAYMENT')).toBe(0);
    // Queued behind another plan: every one of its days is still to come.
    expect(daysRemaining('2025-02-28', '2025-01-15', 'ACTIVE', '2025-01-30')).toBe(30);
    expect(daysRemaining('2025-02-28', '2025-02-27', 'ACTIVE', '2025-01-30')).toBe(2);
  });

  it('queues a plan bought while one of the same service runs: the day after the last end', () => {
    expect(queuedStartDate('2025-01-10', [])).toBe('2025-01-10');
    expect(queuedStartDate('2025-01-10', ['2025-01-30'])).toBe('2025-01-31');
    expect(queuedStartDate('2025-01-10', ['2025-03-01', '2025-01-30'])).toBe('2025-03-02');
    // Ends today: tomorrow; ended before (an old row the job has not expired): today.
    expect(queuedStartDate('2025-01-10', ['2025-01-10'])).toBe('2025-01-11');
    expect(queuedStartDate('2025-01-10', ['2025-01-09'])).toBe('2025-01-10');
    expect(hasStarted('2025-01-10', '2025-01-10')).toBe(true);
    expect(hasStarted('2025-01-11', '2025-01-10')).toBe(false);
    expect(hasStarted(null, '2025-01-10')).toBe(false);
  });

  it('asks when a walk-in starts only when the counter payment leaves some due', () => {
    const facts = { amountPaise: 100_000, pricePaise: 300_000, start: null };
    expect(walkInStartProblems(facts)).toEqual([
      expect.objectContaining({ field: 'start', code: 'walk_in.start_required' }),
    ]);
    expect(walkInStartProblems(facts)[0]?.message).toContain('₹2,000 still due');
    expect(walkInStartProblems({ ...facts, amountPaise: 0 })[0]?.message).toContain('₹3,000');
    expect(walkInStartProblems({ ...facts, start: 'when_paid' })).toEqual([]);
    expect(walkInStartProblems({ ...facts, amountPaise: 300_000 })).toEqual([]);
    expect(walkInStartsNow({ ...facts, start: 'now_with_dues' })).toBe(true);
    expect(walkInStartsNow({ ...facts, start: 'when_paid' })).toBe(false);
    expect(walkInStartsNow({ ...facts, amountPaise: 300_000 })).toBe(true);
  });

  it('refuses a dues limit of 0 with dues allowed, under its field', () => {
    const policy = DEFAULT_SETTINGS.payments;
    expect(paymentPolicyProblems(policy)).toEqual([]);
    expect(paymentPolicyProblems({ ...policy, activation: 'dues_allowed', max_dues: 0 })).toEqual([
      expect.objectContaining({ field: 'payments.max_dues', code: 'settings.max_dues_zero' }),
    ]);
    expect(paymentPolicyProblems({ ...policy, activation: 'dues_allowed', max_dues: 1 })).toEqual(
      [],
    );
  });

  it('expired and soon to expire', () => {
    expect(isExpired('2025-01-30', '2025-01-31')).toBe(true);
    expect(isExpired('2025-01-30', '2025-01-30')).toBe(false);
    expect(isSoonToExpire('2025-01-30', '2025-01-25')).toBe(true);
    expect(isSoonToExpire('2025-01-30', '2025-01-30')).toBe(true);
    expect(isSoonToExpire('2025-01-30', '2025-01-24')).toBe(false);
    expect(isSoonToExpire('2025-01-30', '2025-01-31')).toBe(false);
    expect(expiryTone('2025-01-30', '2025-02-01')).toBe('expired');
    expect(expiryTone('2025-01-30', '2025-01-28')).toBe('soon');
    expect(expiryTone('2025-03-30', '2025-01-28')).toBe('normal');
    expect(effectiveSubscriptionStatus('ACTIVE', '2025-01-30', '2025-01-31')).toBe('EXPIRED');
    expect(effectiveSubscriptionStatus('ACTIVE', '2025-01-30', '2025-01-30')).toBe('ACTIVE');
    expect(effectiveSubscriptionStatus('CANCELLED', '2025-01-30', '2025-02-28')).toBe('CANCELLED');
  });

  describe('refund', () => {
    // A 30-day ₹3,000 plan from 1 January: base end 30 January.
    const plan = { totalPaidPaise: 300000, startDate: '2025-01-01', baseEndDate: '2025-01-30' };

    it('pays back the unused paid days, floored to the rupee', () => {
      // Cancelled on day 10: 10 days used (today counts), 20 unused.
      expect(refundBreakdown({ ...plan, approvedLeaves: [], cancelledOn: '2025-01-10' })).toEqual({
        amountPaise: 200000,
        paidDays: 30,
        usedDays: 10,
        leaveDaysTaken: 0,
        unusedPaidDays: 20,
      });
      // ₹2,500 × 20 ÷ 30 = ₹1,666.66 → ₹1,666.
      expect(
        refundBreakdown({
          ...plan,
          totalPaidPaise: 250000,
          approvedLeaves: [],
          cancelledOn: '2025-01-10',
        }).amountPaise,
      ).toBe(166600);
      // Cancelled the day it started: all but today.
      expect(
        refundBreakdown({ ...plan, approvedLeaves: [], cancelledOn: '2025-01-01' }).amountPaise,
      ).toBe(290000);
      // Cancelled on the last paid day, or long after: nothing unused, never negative.
      for (const cancelledOn of ['2025-01-30', '2025-03-01']) {
        expect(refundBreakdown({ ...plan, approvedLeaves: [], cancelledOn })).toMatchObject({
          amountPaise: 0,
          usedDays: 30,
          unusedPaidDays: 0,
        });
      }
    });

    it('never turns approved leave days into refund money', () => {
      // The case: 2 days for ₹3,000, 15 days of leave from tomorrow, cancelled today.
      expect(
        refundBreakdown({
          totalPaidPaise: 300000,
          startDate: '2025-01-01',
          baseEndDate: '2025-01-02',
          approvedLeaves: [{ startDate: '2025-01-02', endDate: '2025-01-16' }],
          cancelledOn: '2025-01-01',
        }),
      ).toEqual({
        amountPaise: 150000,
        paidDays: 2,
        usedDays: 1,
        leaveDaysTaken: 0,
        unusedPaidDays: 1,
      });
    });

    it('counts leave days already taken as unused, since no meal was eaten on them', () => {
      // Leave on days 2–5, cancelled on day 11: 11 − 4 = 7 days used, 23 unused.
      expect(
        refundBreakdown({
          ...plan,
          approvedLeaves: [{ startDate: '2025-01-02', endDate: '2025-01-05' }],
          cancelledOn: '2025-01-11',
        }),
      ).toEqual({
        amountPaise: 230000,
        paidDays: 30,
        usedDays: 7,
        leaveDaysTaken: 4,
        unusedPaidDays: 23,
      });
      // Cancelled during a leave: only the leave days up to today are counted.
      expect(
        refundBreakdown({
          ...plan,
          approvedLeaves: [{ startDate: '2025-01-08', endDate: '2025-01-20' }],
          cancelledOn: '2025-01-10',
        }),
      ).toMatchObject({ usedDays: 7, leaveDaysTaken: 3, unusedPaidDays: 23 });
    });

    it('refunds a leave that began on the last paid day, and nothing once the last meal is eaten', () => {
      // 10 days (1–10 January), leave 10–24 January: the adjusted end is 25 January.
      const lastDayLeave = {
        totalPaidPaise: 300000,
        startDate: '2025-01-01',
        baseEndDate: '2025-01-10',
        approvedLeaves: [{ startDate: '2025-01-10', endDate: '2025-01-24' }],
      };
      expect(refundBreakdown({ ...lastDayLeave, cancelledOn: '2025-01-15' })).toEqual({
        amountPaise: 30000,
        paidDays: 10,
        usedDays: 9,
        leaveDaysTaken: 6,
        unusedPaidDays: 1,
      });
      expect(refundBreakdown({ ...lastDayLeave, cancelledOn: '2025-01-25' })).toMatchObject({
        amountPaise: 0,
        usedDays: 10,
        unusedPaidDays: 0,
      });
    });

    it('after the base end date, counts the days eaten in the extension', () => {
      // 10 days (1–10 January), leave 3–7 January: adjusted end 15 January; cancelled on the 12th.
      expect(
        refundBreakdown({
          totalPaidPaise: 300000,
          startDate: '2025-01-01',
          baseEndDate: '2025-01-10',
          approvedLeaves: [{ startDate: '2025-01-03', endDate: '2025-01-07' }],
          cancelledOn: '2025-01-12',
        }),
      ).toEqual({
        amountPaise: 90000,
        paidDays: 10,
        usedDays: 7,
        leaveDaysTaken: 5,
        unusedPaidDays: 3,
      });
    });

    it('counts overlapping leave days once and ignores leave outside the subscription', () => {
      expect(
        refundBreakdown({
          ...plan,
          approvedLeaves: [
            { startDate: '2025-01-05', endDate: '2025-01-08' },
            { startDate: '2025-01-07', endDate: '2025-01-09' },
            { startDate: '2024-12-20', endDate: '2024-12-31' },
            { startDate: '2025-01-15', endDate: '2025-01-20' },
          ],
          cancelledOn: '2025-01-10',
        }),
      ).toMatchObject({ usedDays: 5, leaveDaysTaken: 5, unusedPaidDays: 25 });
    });

    it('refunds nothing without a payment or a paid period', () => {
      expect(
        refundBreakdown({
          ...plan,
          totalPaidPaise: 0,
          approvedLeaves: [],
          cancelledOn: '2025-01-02',
        }).amountPaise,
      ).toBe(0);
      expect(
        refundBreakdown({
          ...plan,
          baseEndDate: '2024-12-31',
          approvedLeaves: [],
          cancelledOn: '2025-01-02',
        }),
      ).toMatchObject({ amountPaise: 0, paidDays: 0, unusedPaidDays: 0 });
    });
  });

  it('validates a new subscription', () => {
    const ok = {
      planActive: true,
      planServiceType: 'tiffin' as const,
      profileComplete: true,
      isTiffinUser: true,
      isMessUser: false,
      hasOpenSubscriptionToPlan: false,
      pendingPaymentCount: 1,
    };
    expect(validateSubscriptionRequest(ok)).toEqual({ ok: true });
    const verdict = validateSubscriptionRequest({
      ...ok,
      planActive: false,
      profileComplete: false,
      planServiceType: 'mess',
      hasOpenSubscriptionToPlan: true,
      pendingPaymentCount: 2,
    });
    expect(verdict.ok ? [] : verdict.refusals.map((r) => r.code)).toEqual([
      'subscription.plan_inactive',
      'subscription.profile_incomplete',
      'subscription.service_type_mismatch',
      'subscription.already_subscribed',
      'subscription.too_many_pending',
    ]);
  });
});

describe('leave rules', () => {
  const base: LeaveRequestFacts = {
    startDate: '2025-03-10',
    endDate: '2025-03-12',
    today: '2025-03-05',
    adjustedEndDate: '2025-03-31',
    subscriptionStatus: 'ACTIVE',
    hasOtherPending: false,
    overlapsExisting: false,
  };
  const codes = (facts: Partial<LeaveRequestFacts>) => {
    const verdict = validateLeaveRequest({ ...base, ...facts });
    return verdict.ok ? [] : verdict.refusals.map((refusal) => refusal.code);
  };

  it('accepts a valid leave and counts both ends', () => {
    expect(validateLeaveRequest(base)).toEqual({ ok: true, durationDays: 3 });
    expect(leaveDuration('2025-03-10', '2025-03-10')).toBe(1);
    expect(codes({ startDate: '2025-03-05', endDate: '2025-03-05' })).toEqual([]);
  });

  it('refuses each broken rule with its code', () => {
    expect(codes({ subscriptionStatus: 'EXPIRED' })).toEqual(['leave.subscription_not_active']);
    // A subscription queued to start on the 11th: its leave starts then at the earliest.
    expect(codes({ subscriptionStartDate: '2025-03-11' })).toEqual([
      'leave.before_subscription_start',
    ]);
    expect(codes({ subscriptionStartDate: '2025-03-10' })).toEqual([]);
    expect(codes({ startDate: '2025-03-04' })).toEqual(['leave.past_dates']);
    expect(codes({ endDate: '2025-03-09' })).toEqual(['leave.end_before_start']);
    expect(codes({ startDate: '2025-04-01', endDate: '2025-04-02' })).toEqual([
      'leave.after_subscription_end',
    ]);
    expect(codes({ endDate: addDays('2025-03-10', MAX_LEAVE_DAYS - 1) })).toEqual([]);
    expect(codes({ endDate: addDays('2025-03-10', MAX_LEAVE_DAYS) })).toEqual(['leave.too_long']);
    expect(codes({ overlapsExisting: true })).toEqual(['leave.overlaps']);
    expect(codes({ hasOtherPending: true })).toEqual(['leave.pending_exists']);
  });

  it('uses the exact sentence the web app keys on for past dates', () => {
    const verdict = validateLeaveRequest({ ...base, startDate: '2025-03-01' });
    expect(verdict.ok ? null : verdict.refusals[0].message).toBe(
      'Cannot request leave for past dates',
    );
  });

  it("works out the other leaves' facts the same for a new leave and an edit", () => {
    const leaves = [
      { id: 1, status: 'APPROVED', leave_start_date: '2025-03-01', leave_end_date: '2025-03-03' },
      { id: 2, status: 'REJECTED', leave_start_date: '2025-03-10', leave_end_date: '2025-03-12' },
      { id: 3, status: 'PENDING', leave_start_date: '2025-03-20', leave_end_date: '2025-03-21' },
    ];
    const dates = (startDate: string, endDate: string) => ({ startDate, endDate });
    // A rejected leave blocks nothing; the pending one blocks a new request.
    expect(otherLeaveFacts(dates('2025-03-10', '2025-03-12'), leaves, null)).toMatchObject({
      hasOtherPending: true,
      overlapsExisting: false,
    });
    // Editing the pending leave: it neither counts as another pending one nor overlaps itself.
    expect(otherLeaveFacts(dates('2025-03-19', '2025-03-22'), leaves, 3)).toMatchObject({
      hasOtherPending: false,
      overlapsExisting: false,
    });
    expect(otherLeaveFacts(dates('2025-03-03', '2025-03-05'), leaves, 3)).toMatchObject({
      hasOtherPending: false,
      overlapsExisting: true,
    });
  });

  it('shows each date refusal under its field, the rest over the form', () => {
    expect(leaveRefusalField(leaveRequestRefusals.pastDates)).toBe('leave_start_date');
    expect(leaveRefusalField(leaveRequestRefusals.startsAfterSubscriptionEnd)).toBe(
      'leave_start_date',
    );
    expect(leaveRefusalField(leaveRequestRefusals.endBeforeStart)).toBe('leave_end_date');
    expect(leaveRefusalField(leaveRequestRefusals.tooLong)).toBe('leave_end_date');
    expect(leaveRefusalField(leaveRequestRefusals.subscriptionNotActive)).toBe('subscription');
    expect(leaveRefusalField(leaveRequestRefusals.overlaps)).toBeNull();
    expect(leaveRefusalField(leaveRequestRefusals.pendingExists)).toBeNull();
  });

  it('detects overlaps, ends included', () => {
    const leave = { startDate: '2025-03-10', endDate: '2025-03-12' };
    expect(overlapsAnyLeave(leave, [{ startDate: '2025-03-12', endDate: '2025-03-14' }])).toBe(
      true,
    );
    expect(overlapsAnyLeave(leave, [{ startDate: '2025-03-13', endDate: '2025-03-14' }])).toBe(
      false,
    );
    expect(overlapsAnyLeave(leave, [{ startDate: '2025-03-01', endDate: '2025-03-30' }])).toBe(
      true,
    );
  });
});

describe('feedback rules', () => {
  it('computes priority', () => {
    const cases = [
      ['food_complaint', 1, 'urgent'],
      ['food_complaint', 2, 'urgent'],
      ['food_complaint', 3, 'high'],
      ['food_complaint', 5, 'high'],
      ['general_feedback', 2, 'medium'],
      ['general_feedback', 3, 'low'],
      ['general_feedback', 5, 'low'],
    ] as const;
    for (const [feedbackType, rating, priority] of cases) {
      expect(computePriority({ feedbackType, rating })).toBe(priority);
    }
  });

  it('allows one open feedback per user', () => {
    expect(canCreateFeedback(0)).toBe(true);
    expect(canCreateFeedback(1)).toBe(false);
  });

  it('validates creation', () => {
    const base = {
      feedbackType: 'food_complaint' as const,
      mealDate: '2025-03-05',
      mealType: 'lunch' as const,
      today: '2025-03-05',
      openCount: 0,
    };
    expect(validateFeedbackRequest(base)).toEqual({ ok: true });
    const codes = (facts: Partial<typeof base> | Record<string, unknown>) => {
      const verdict = validateFeedbackRequest({ ...base, ...facts } as typeof base);
      return verdict.ok ? [] : verdict.refusals.map((r) => r.code);
    };
    expect(codes({ openCount: 1 })).toEqual(['feedback.open_exists']);
    expect(codes({ mealType: null })).toEqual(['feedback.meal_details_required']);
    expect(codes({ mealDate: '2025-03-06' })).toEqual(['feedback.meal_date_in_future']);
    expect(codes({ feedbackType: 'general_feedback', mealDate: null, mealType: null })).toEqual([]);
  });

  it('validates attachments by size and detected type', () => {
    expect(validateAttachment({ sizeBytes: 1000, detectedMimeType: 'image/png' })).toBeNull();
    expect(
      validateAttachment({ sizeBytes: 5 * 1024 * 1024, detectedMimeType: 'image/png' })?.message,
    ).toBe('Attachment must be less than 5MB.');
    expect(validateAttachment({ sizeBytes: 10, detectedMimeType: 'application/pdf' })?.code).toBe(
      'feedback.attachment_not_image',
    );
    expect([449, 450, 500].map(messageCounterTone)).toEqual(['normal', 'warning', 'limit']);
  });
});

describe('refund display', () => {
  it('shows the subscription-side status', () => {
    expect(refundStatusDisplay(null)).toBe('No refund requested');
    expect(refundStatusDisplay('PENDING')).toBe('Pending');
    expect(refundStatusDisplay('APPROVED')).toBe('Approved');
    expect(refundStatusDisplay('REJECTED')).toBe('Rejected');
    expect(refundStatusDisplay('PAID')).toBe('Paid');
  });
});

describe("leave rules under the owner's policy", () => {
  const base: LeaveRequestFacts = {
    startDate: '2025-03-10',
    endDate: '2025-03-12',
    today: '2025-03-05',
    adjustedEndDate: '2025-06-30',
    subscriptionStatus: 'ACTIVE',
    hasOtherPending: false,
    overlapsExisting: false,
  };
  const refused = (facts: Partial<LeaveRequestFacts>) => {
    const verdict = validateLeaveRequest({ ...base, ...facts });
    return verdict.ok ? [] : verdict.refusals.map((refusal) => refusal.message);
  };

  it("keeps the spec's rules by default: 15 days, every leave extends, no cap, no notice", () => {
    expect(DEFAULT_LEAVE_POLICY).toEqual({
      max_days: MAX_LEAVE_DAYS,
      min_extending_days: 1,
      max_days_per_month: null,
      before_cutoff: false,
    });
    expect(DEFAULT_SETTINGS.skip_credit).toBe('none');
    expect(refused({ policy: DEFAULT_LEAVE_POLICY, endDate: '2025-03-24' })).toEqual([]);
    expect(refused({ policy: DEFAULT_LEAVE_POLICY, endDate: '2025-03-25' })).toEqual([
      'A leave can last at most 15 days.',
    ]);
    expect(leaveExtends(1)).toBe(true);
  });

  it("names the policy's longest leave", () => {
    const policy = { ...DEFAULT_LEAVE_POLICY, max_days: 3 };
    expect(refused({ policy })).toEqual([]);
    expect(refused({ policy, endDate: '2025-03-13' })).toEqual([
      'A leave can last at most 3 days.',
    ]);
    expect(
      leaveRefusalField(validateLeaveRequestRefusal({ ...base, policy, endDate: '2025-03-13' })),
    ).toBe('leave_end_date');
  });

  it('counts each day of leave in its calendar month for the monthly cap', () => {
    expect(leaveDaysInMonth({ startDate: '2025-02-26', endDate: '2025-03-02' }, '2025-03')).toBe(2);
    expect(leaveDaysInMonth({ startDate: '2025-02-26', endDate: '2025-03-02' }, '2025-02')).toBe(3);
    expect(leaveDaysInMonth({ startDate: '2025-04-01', endDate: '2025-04-02' }, '2025-03')).toBe(0);
    const others = [{ startDate: '2025-02-27', endDate: '2025-03-03' }];
    expect(
      monthOverCap({ startDate: '2025-03-10', endDate: '2025-03-12' }, others, null),
    ).toBeNull();
    expect(monthOverCap({ startDate: '2025-03-10', endDate: '2025-03-12' }, others, 6)).toBeNull();
    expect(monthOverCap({ startDate: '2025-03-10', endDate: '2025-03-13' }, others, 6)).toEqual({
      month: '2025-03',
      days: 7,
    });
    // December into January: each month on its own.
    expect(monthOverCap({ startDate: '2025-12-30', endDate: '2026-01-02' }, [], 2)).toBeNull();
    expect(monthOverCap({ startDate: '2025-12-29', endDate: '2026-01-02' }, [], 2)).toEqual({
      month: '2025-12',
      days: 3,
    });
    const policy = { ...DEFAULT_LEAVE_POLICY, max_days_per_month: 6 };
    expect(refused({ policy, otherLeaves: others, endDate: '2025-03-13' })).toEqual([
      'Leave is limited to 6 days a month: March 2025 would have 7 days of leave.',
    ]);
  });

  it('with notice required, refuses once the first meal of the first day is fixed', () => {
    const zone = 'Asia/Kolkata';
    const instant = (date: string, time: string) => instantInZone(date, time, zone);
    // Breakfast is fixed at 22:00 the evening before; a lunch-and-dinner plan's first meal is lunch.
    const breakfast = firstMealCutoff(
      DEFAULT_SETTINGS,
      ['breakfast', 'dinner'],
      '2025-03-10',
      instant,
    );
    expect(breakfast).toEqual({
      meal: 'breakfast',
      date: '2025-03-09',
      time: '22:00',
      at: '2025-03-09T16:30:00.000Z',
    });
    const lunch = firstMealCutoff(DEFAULT_SETTINGS, ['dinner', 'lunch'], '2025-03-10', instant);
    expect(lunch?.meal).toBe('lunch');
    expect(firstMealCutoff(DEFAULT_SETTINGS, [], '2025-03-10', instant)).toBeNull();
    const policy = { ...DEFAULT_LEAVE_POLICY, before_cutoff: true };
    const late = { firstCutoff: breakfast, now: '2025-03-09T16:30:00.000Z', today: '2025-03-09' };
    expect(refused({ ...late, policy })).toEqual([
      'Leave from 10 Mar had to be asked before Breakfast was fixed, at 10:00 pm on 9 Mar.',
    ]);
    expect(refused({ ...late, now: '2025-03-09T16:29:59.000Z', policy })).toEqual([]);
    // Off: today's behaviour.
    expect(refused({ ...late, policy: DEFAULT_LEAVE_POLICY })).toEqual([]);
  });

  it('extends only from the shortest extending leave, and refuses a policy where none could', () => {
    const policy = { ...DEFAULT_LEAVE_POLICY, min_extending_days: 3 };
    expect(leaveExtends(2, policy)).toBe(false);
    expect(leaveExtends(3, policy)).toBe(true);
    expect(settingsProblems(DEFAULT_SETTINGS)).toEqual([]);
    expect(
      settingsProblems({
        ...DEFAULT_SETTINGS,
        leaves: { ...DEFAULT_LEAVE_POLICY, max_days: 5, min_extending_days: 6 },
      }).map((problem) => problem.code),
    ).toEqual(['settings.min_extending_above_max']);
  });
});

function validateLeaveRequestRefusal(facts: LeaveRequestFacts) {
  const verdict = validateLeaveRequest(facts);
  if (verdict.ok) throw new Error('expected a refusal');
  return verdict.refusals[0];
}
