// Every sentence the consent lifecycle refuses with (machines/shared/refusals.ts).
import type { RefusalTable } from '../shared/lifecycle';
import { refusal } from '../shared/refusals';
import type { ConsentEvent, ConsentStatus } from './consent.types';

export const consentRefusals = {
  states: {},
  events: {
    'consent.grant': refusal('consent.already_granted'),
    'consent.withdraw': refusal('consent.not_granted'),
  },
  guards: { hasRecorderName: refusal('consent.recorder_required') },
} as const satisfies RefusalTable<ConsentEvent, ConsentStatus>;

export const CONSENT_STATUS_LABELS: Readonly<Record<ConsentStatus, string>> = {
  none: 'Not asked',
  granted: 'Agreed',
  withdrawn: 'Withdrawn',
};
