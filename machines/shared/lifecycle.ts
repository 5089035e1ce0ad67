// decide() and allowedEvents(): how the server, the web app and the CLI ask a lifecycle machine
// whether an event is allowed for a persisted record, and why not.
import { and, getNextTransitions, transition } from 'xstate';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  ContextFrom,
  EventFromLogic,
  EventObject,
  SnapshotFrom,
} from 'xstate';

/** A refused transition: a stable code named after the guard or state that refused, and the sentence to show. */
export interface Refusal {
  readonly code: string;
  readonly message: string;
}

/**
 * Why a lifecycle refuses events. Looked up in this order:
 * 1. `states[current state]` when the current state has no transition for the event (final states);
 * 2. `events[event type]` when the current state has no transition for the event;
 * 3. `guards[guard name]` for the first named guard that failed.
 */
export interface RefusalTable<
  TEventType extends string = string,
  TStateName extends string = string,
> {
  readonly states?: { readonly [K in TStateName]?: Refusal };
  readonly events: { readonly [K in TEventType]: Refusal };
  readonly guards: { readonly [guardName: string]: Refusal };
}

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
  readonly refusals: RefusalTable<TEvent['type'], TStateName>;
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
    return { ok: false, ...explainRefusal(machine, snapshot, event) };
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

/** Explains why `snapshot.can(event)` is false. */
export function explainRefusal(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
): Refusal {
  const { refusals } = lifecycleOf(machine);
  const fallback: Refusal = refusals.events[event.type] ?? {
    code: `${machine.id}.not_allowed`,
    message: 'This action is not allowed right now.',
  };
  const candidates = getNextTransitions(snapshot).filter((t) => t.eventType === event.type);
  if (candidates.length === 0) {
    const stateName = typeof snapshot.value === 'string' ? snapshot.value : undefined;
    return (stateName !== undefined ? refusals.states?.[stateName] : undefined) ?? fallback;
  }
  const args = { context: snapshot.context as unknown, event };
  for (const candidate of candidates) {
    const failed = firstFailedGuard(candidate.guard, args, snapshot);
    const refusal = failed === null ? undefined : refusals.guards[failed];
    if (refusal) return refusal;
  }
  return fallback;
}

// ---- guard evaluation, mirroring xstate's evaluateGuard so a refusal can name the guard ----

interface GuardArgs {
  readonly context: unknown;
  readonly event: EventObject;
}
type GuardFunction = ((args: GuardArgs, params: unknown) => boolean) & {
  check?: (snapshot: AnyMachineSnapshot, args: GuardArgs, self: unknown) => boolean;
  guards?: readonly unknown[];
};

let andCheck: unknown;
/** xstate's and() marks its result with a shared `check` function; read it once to recognise and() guards. */
function isAndGuard(guard: GuardFunction): boolean {
  andCheck ??= (and([]) as unknown as GuardFunction).check;
  return guard.check === andCheck && Array.isArray(guard.guards);
}

function implementationOf(snapshot: AnyMachineSnapshot, name: string): unknown {
  const implementations = (snapshot.machine as AnyStateMachine).implementations.guards as Record<
    string,
    unknown
  >;
  const implementation = implementations[name];
  if (implementation === undefined) throw new Error(`Guard '${name}' is not implemented.`);
  return implementation;
}

function evaluateGuard(guard: unknown, args: GuardArgs, snapshot: AnyMachineSnapshot): boolean {
  if (guard === undefined) return true;
  if (typeof guard === 'function') {
    const fn = guard as GuardFunction;
    return fn.check ? fn.check(snapshot, args, fn) : fn(args, undefined);
  }
  if (typeof guard === 'string') {
    const implementation = implementationOf(snapshot, guard);
    if (typeof implementation !== 'function') return evaluateGuard(implementation, args, snapshot);
    const fn = implementation as GuardFunction;
    return fn.check ? fn.check(snapshot, args, fn) : fn(args, undefined);
  }
  const { type, params } = guard as { type: string; params?: unknown };
  const implementation = implementationOf(snapshot, type);
  if (typeof implementation !== 'function') return evaluateGuard(implementation, args, snapshot);
  const fn = implementation as GuardFunction;
  const resolvedParams =
    typeof params === 'function' ? (params as (a: GuardArgs) => unknown)(args) : params;
  return fn.check ? fn.check(snapshot, args, fn) : fn(args, resolvedParams);
}

/**
 * The name of the first named guard that fails, looking inside and(); null when the guard passes.
 * An unnamed failing guard (inline, or(), not()) gives '' so no table entry matches.
 */
function firstFailedGuard(
  guard: unknown,
  args: GuardArgs,
  snapshot: AnyMachineSnapshot,
): string | null {
  if (guard === undefined) return null;
  if (typeof guard === 'function' && isAndGuard(guard as GuardFunction)) {
    for (const part of (guard as GuardFunction).guards ?? []) {
      const failed = firstFailedGuard(part, args, snapshot);
      if (failed !== null) return failed;
    }
    return null;
  }
  if (evaluateGuard(guard, args, snapshot)) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    return String((guard as { type: unknown }).type);
  }
  return '';
}
