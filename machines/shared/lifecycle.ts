// decide() and allowedEvents(): how the server, the web app and the CLI ask a lifecycle machine
// whether an event is allowed for a persisted record, and why not.
import { transition } from 'xstate';
import { refusal, type Refusal } from './refusals';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  ContextFrom,
  EventFromLogic,
  EventObject,
  SnapshotFrom,
} from 'xstate';

/**
 * Why a lifecycle refuses events. Looked up in this order:
 * 1. `states[current state]` when the current state has no transition for the event (final states);
 * 2. `events[event type]` when the current state has no transition for the event;
 * 3. `guards[guard name]` for the first named guard that failed.
 */
export interface RefusalTable<
  TEvent extends EventObject = EventObject,
  TStateName extends string = string,
> {
  readonly states?: { readonly [K in TStateName]?: Refusal };
  readonly events: { readonly [K in TEvent['type']]: Refusal };
  readonly guards: { readonly [guardName: string]: Refusal };
}

/** The codes of a set of refusals keyed by name. */
type CodesOf<TRefusals> = TRefusals extends { readonly [name: string]: Refusal | undefined }
  ? NonNullable<TRefusals[keyof TRefusals]>['code']
  : never;

/**
 * Every code a lifecycle refuses with: its table's (states, events, guards) and those of the
 * other refusals it keeps (the checks before a record is created), as `typeof` of each.
 */
export type RefusalCodeOf<TTable extends RefusalTable, TOthers = never> =
  | CodesOf<TTable['states']>
  | CodesOf<TTable['events']>
  | CodesOf<TTable['guards']>
  | CodesOf<TOthers>;

/**
 * What decide() and allowedEvents() need to know about a lifecycle, kept in the machine's root
 * `meta.lifecycle` so the machine alone is enough to call them.
 * `actions` are well-formed example events for the actions a person can take (the buttons), in
 * display order; events the system sends (payment.succeeded, subscription.expire) are left out.
 */
export interface LifecycleMeta<
  TEvent extends EventObject = EventObject,
  TStateName extends string = string,
> {
  readonly refusals: RefusalTable<TEvent, TStateName>;
  readonly actions: readonly TEvent[];
}

/** Wraps the lifecycle description for a machine's root `meta`. */
export function lifecycleMeta<TEvent extends EventObject, TStateName extends string>(
  lifecycle: LifecycleMeta<TEvent, TStateName>,
): { readonly lifecycle: LifecycleMeta<TEvent, TStateName> } {
  return { lifecycle };
}

/** A record as stored: its status (the state value) and the fields the guards read. */
export interface Persisted<TMachine extends AnyStateMachine> {
  readonly value: SnapshotFrom<TMachine>['value'];
  readonly context: ContextFrom<TMachine>;
}

export type Allowed<TMachine extends AnyStateMachine> = {
  readonly ok: true;
  /** The state value to persist. */
  readonly next: SnapshotFrom<TMachine>['value'];
  /** The context after the transition's assigns. */
  readonly context: ContextFrom<TMachine>;
  readonly state: SnapshotFrom<TMachine>;
  /** False for allowed self-transitions (e.g. `subscription.pay` stays PENDING_PAYMENT). */
  readonly changed: boolean;
};

export type Refused = { readonly ok: false } & Refusal;

export type Decision<TMachine extends AnyStateMachine> = Allowed<TMachine> | Refused;

export function lifecycleOf(machine: AnyStateMachine): LifecycleMeta {
  const meta = (machine.root.meta as { lifecycle?: LifecycleMeta } | undefined)?.lifecycle;
  if (!meta || typeof meta.refusals !== 'object' || !Array.isArray(meta.actions)) {
    throw new Error(
      `Machine '${machine.id}' has no meta.lifecycle; decide() cannot explain refusals.`,
    );
  }
  return meta;
}

/** Restores a persisted record into a snapshot of `machine`. Throws when the value is not a state of it. */
export function restore<TMachine extends AnyStateMachine>(
  machine: TMachine,
  persisted: Persisted<TMachine>,
): SnapshotFrom<TMachine> {
  // resolveState's parameter type depends on the machine's context type; the generic cannot express it.
  return machine.resolveState({
    value: persisted.value,
    context: persisted.context,
  } as Parameters<TMachine['resolveState']>[0]) as SnapshotFrom<TMachine>;
}

/**
 * Restores `persisted`, asks whether `event` is allowed, and returns the next state or the refusal.
 * Pure: no action or actor of the machine runs.
 */
export function decide<TMachine extends AnyStateMachine>(
  machine: TMachine,
  persisted: Persisted<TMachine>,
  event: EventFromLogic<TMachine>,
): Decision<TMachine> {
  const snapshot: AnyMachineSnapshot = restore(machine, persisted);
  if (!snapshot.can(event)) {
    return { ok: false, ...explainRefusal(machine, persisted, event) };
  }
  // transition() wants the machine's own snapshot type, which the generic cannot name.
  const [next] = transition(machine as AnyStateMachine, snapshot, event) as [
    AnyMachineSnapshot,
    unknown,
  ];
  return {
    ok: true,
    next: next.value as SnapshotFrom<TMachine>['value'],
    context: next.context as ContextFrom<TMachine>,
    state: next as SnapshotFrom<TMachine>,
    changed: JSON.stringify(next.value) !== JSON.stringify(snapshot.value),
  };
}

/** The action event types a person may take now, in display order (which buttons to offer). */
export function allowedEvents<TMachine extends AnyStateMachine>(
  machine: TMachine,
  persisted: Persisted<TMachine>,
): Array<EventFromLogic<TMachine>['type']> {
  const snapshot: AnyMachineSnapshot = restore(machine, persisted);
  const types: Array<EventFromLogic<TMachine>['type']> = [];
  for (const probe of lifecycleOf(machine).actions) {
    if (snapshot.can(probe) && !types.includes(probe.type)) types.push(probe.type);
  }
  return types;
}

/**
 * Explains why `event` is refused for `persisted`, with xstate's public API only: first every named
 * guard is made to pass (`machine.provide`); if the event is still refused, the state itself has no
 * such transition. Otherwise the guards are given back, one at a time in the refusal table's order,
 * and the first whose return refuses the event is the reason. No xstate internals are read, so
 * and()/or()/not() compositions of named guards are explained as well as single guards.
 */
export function explainRefusal<TMachine extends AnyStateMachine>(
  machine: TMachine,
  persisted: Persisted<TMachine>,
  event: EventObject,
): Refusal {
  const { refusals } = lifecycleOf(machine);
  const fallback: Refusal = refusals.events[event.type] ?? refusal('bad_request');
  const guardNames = Object.keys(machine.implementations.guards);
  const canWith = (passing: ReadonlySet<string>) => {
    const forced = Object.fromEntries([...passing].map((name) => [name, () => true]));
    const snapshot: AnyMachineSnapshot = restore(machine.provide({ guards: forced }), persisted);
    return snapshot.can(event);
  };
  const passing = new Set(guardNames);
  if (!canWith(passing)) {
    const stateName = typeof persisted.value === 'string' ? persisted.value : undefined;
    return (stateName !== undefined ? refusals.states?.[stateName] : undefined) ?? fallback;
  }
  for (const name of Object.keys(refusals.guards)) {
    if (!passing.delete(name)) continue;
    if (!canWith(passing)) return refusals.guards[name] ?? fallback;
  }
  return fallback;
}

/**
 * Every reason `event` is refused for `persisted`, not only the first (what a row lists before a
 * person acts): the state's refusal when it has no such transition, else each named guard, in the
 * refusal table's order, that refuses the event while every other guard passes. Empty when allowed.
 */
export function everyRefusal<TMachine extends AnyStateMachine>(
  machine: TMachine,
  persisted: Persisted<TMachine>,
  event: EventObject,
): Refusal[] {
  const current: AnyMachineSnapshot = restore(machine, persisted);
  if (current.can(event)) return [];
  const { refusals } = lifecycleOf(machine);
  const guardNames = Object.keys(machine.implementations.guards);
  const canWithout = (failing: string | null) => {
    const forced = Object.fromEntries(
      guardNames.filter((name) => name !== failing).map((name) => [name, () => true]),
    );
    const snapshot: AnyMachineSnapshot = restore(machine.provide({ guards: forced }), persisted);
    return snapshot.can(event);
  };
  if (!canWithout(null)) return [explainRefusal(machine, persisted, event)];
  const found = Object.entries(refusals.guards)
    .filter(([name]) => guardNames.includes(name) && !canWithout(name))
    .map(([, reason]) => reason);
  return found.length > 0 ? found : [explainRefusal(machine, persisted, event)];
}

/**
 * Builds a machine where it is declared (`export const leaveMachine = /* @__PURE__ *\/
 * defineMachine(() => setup(…).createMachine(…))`). The annotated call without arguments is one the
 * bundlers (esbuild for the CLI, Rolldown for the web) may drop whole where nobody uses the machine:
 * a command or page that takes only a lifecycle's constants or labels does not carry XState.
 */
export function defineMachine<Machine>(build: () => Machine): Machine {
  return build();
}
