// The owner's end-date adjustments: one subscription by N days (a dry run asks the subscription
// machine, with the API's own refusal texts), and every active subscription at once.
import type { components } from '../../generated/api';
import { decide, isNonBlank } from '@machines/shared';
import {
  subscriptionFromApi,
  subscriptionMachine,
  subscriptionRefusals,
} from '@machines/subscription';
import { EXIT, refusedError, ReportedFailure, UserError } from '../errors';
import type { CliIo } from '../io';
import { printJson } from '../output';
import { confirm, requireTerminal } from '../prompt';
import { byId, businessToday, unwrap, type Api } from './api';
import { unwrapPage } from './paging';

type Subscription = components['schemas']['Subscription'];

interface AdjustResult {
  readonly id: number;
  readonly ok: boolean;
  readonly dry_run?: boolean;
  readonly days: number;
  readonly reason: string;
  readonly before_end_date?: string | null;
  readonly after_end_date?: string | null;
  readonly code?: string;
  readonly message?: string;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function describe(subscription: Subscription): string {
  return `subscription #${subscription.id} (${subscription.user.username}, ${subscription.plan.name})`;
}

/** The reason every adjustment needs, refused before the server is asked (the machine's words). */
function requireReason(reason: string) {
  if (!isNonBlank(reason)) {
    throw refusedError(
      subscriptionRefusals.guards.hasReason.message,
      'Pass --reason with the text the customer will read.',
      subscriptionRefusals.guards.hasReason.code,
    );
  }
}

export async function adjustOne(
  io: CliIo,
  api: Api,
  id: number,
  options: { days: number; reason: string; dryRun: boolean; json: boolean },
): Promise<void> {
  requireReason(options.reason);
  const reason = options.reason.trim();
  const what = `Subscription ${id}`;
  const before = await unwrap(
    api,
    api.client.GET('/subscriptions/subscriptions/{id}/', byId(id)),
    what,
  );
  let result: AdjustResult;
  if (options.dryRun) {
    const decision = decide(subscriptionMachine, subscriptionFromApi(before), {
      type: 'subscription.adjust',
      days: options.days,
      reason,
      today: await businessToday(api, io.now()),
    });
    result = decision.ok
      ? {
          id,
          ok: true,
          dry_run: true,
          days: options.days,
          reason,
          before_end_date: before.adjusted_end_date,
          after_end_date: decision.context.adjustedEndDate,
        }
      : {
          id,
          ok: false,
          days: options.days,
          reason,
          code: decision.code,
          message: decision.message,
        };
  } else {
    try {
      const after = await unwrap(
        api,
        api.client.POST('/subscriptions/subscriptions/{id}/adjust/', {
          params: { path: { id } },
          body: { days: options.days, reason },
        }),
        what,
        'subscription.adjust',
      );
      result = {
        id,
        ok: true,
        days: options.days,
        reason,
        before_end_date: before.adjusted_end_date,
        after_end_date: after.adjusted_end_date,
      };
    } catch (error) {
      // The machine's refusal is this command's result; session and network problems stop it.
      if (!(error instanceof UserError) || error.exitCode !== EXIT.refused) throw error;
      result = {
        id,
        ok: false,
        days: options.days,
        reason,
        ...(error.code ? { code: error.code } : {}),
        message: error.message,
      };
    }
  }
  if (options.json) {
    printJson(io.stdout, result);
  } else if (!result.ok) {
    io.stderr.write(`Refused: ${describe(before)}: ${result.message}\n`);
  } else {
    const verb = options.days > 0 ? 'extend' : 'shorten';
    const change = `${before.adjusted_end_date ?? '-'} → ${result.after_end_date ?? '-'}`;
    io.stdout.write(
      result.dry_run
        ? `Would ${verb} ${describe(before)} by ${plural(Math.abs(options.days), 'day')}: ${change}\n`
        : `${verb === 'extend' ? 'Extended' : 'Shortened'} ${describe(before)} by ${plural(Math.abs(options.days), 'day')}: ${change}. The customer was told.\n`,
    );
  }
  if (!result.ok) throw new ReportedFailure(EXIT.refused);
}

/** How many subscriptions are ACTIVE now: the ones "extend all" lists. */
async function countActive(api: Api): Promise<number> {
  const page = await unwrapPage(
    api,
    api.client.GET('/accounts/owner/users/active_subscribers/', {
      params: { query: { limit: 1, offset: 0 } },
    }),
    'The active subscribers',
  );
  return page.total ?? page.rows.length;
}

export async function extendAll(
  io: CliIo,
  api: Api,
  options: {
    days: number;
    reason: string;
    operationKey?: string;
    yes: boolean;
    dryRun: boolean;
    json: boolean;
  },
): Promise<void> {
  requireReason(options.reason);
  const reason = options.reason.trim();
  const mustConfirm = !options.dryRun && !options.yes;
  // Checked before anything is fetched, so a script learns it needs --yes at once.
  if (mustConfirm) requireTerminal(io, 'Confirming', 'Pass --yes to go ahead without a question.');
  const active = await countActive(api);
  const moving = `${plural(active, 'active subscription')} by ${plural(options.days, 'day')}`;
  if (options.dryRun) {
    if (options.json) {
      printJson(io.stdout, { dry_run: true, days: options.days, reason, targeted: active });
    } else {
      io.stdout.write(`Would extend ${moving}. Reason: ${reason}\n`);
    }
    return;
  }
  if (mustConfirm && !(await confirm(io, `Extend ${moving}? Reason: ${reason}`))) {
    io.stderr.write('Nothing was changed.\n');
    return;
  }
  const batch = await unwrap(
    api,
    api.client.POST('/subscriptions/subscriptions/adjust_all/', {
      body: {
        days: options.days,
        reason,
        ...(options.operationKey ? { operation_key: options.operationKey } : {}),
      },
    }),
    'Extending every active subscription',
    'subscription.adjust',
  );
  if (options.json) return printJson(io.stdout, batch);
  const counts = `${plural(batch.moved, 'subscription')} moved by ${plural(batch.days, 'day')}`;
  const skipped = batch.skipped > 0 ? `, ${batch.skipped} no longer active` : '';
  io.stdout.write(
    batch.replayed
      ? `This extension was already made (operation ${batch.operation_key}): ${counts}${skipped}, none twice.\n`
      : `Extended: ${counts}${skipped}. Each customer is told by e-mail and SMS.\n`,
  );
}
