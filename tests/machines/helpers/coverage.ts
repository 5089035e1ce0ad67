// Measures which states and transitions of a machine a set of generated paths exercises, against
// the full sets read from the machine definition, so a test fails as soon as coverage drops.
import { getShortestPaths } from '@xstate/graph';
import type { StatePath } from '@xstate/graph';
import { initialTransition, transition } from 'xstate';
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
  EventObject,
} from 'xstate';

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child))];
}

/** Ids of every state node below the root. */
export function definedStates(machine: AnyStateMachine): Set<string> {
  return new Set(
    allNodes(machine.root)
      .slice(1)
      .map((node) => node.id),
  );
}

function label(transition: AnyTransitionDefinition, index: number): string {
  const targets = transition.target?.map((node) => node.id).join(',') ?? '(self)';
  return `${transition.source.id} --${transition.eventType}#${index}--> ${targets}`;
}

/** Every transition definition, keyed by object identity, with a readable label. */
export function definedTransitions(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const transitions = new Map<AnyTransitionDefinition, string>();
  for (const node of allNodes(machine.root)) {
    for (const definitions of node.transitions.values()) {
      definitions.forEach((definition, index) =>
        transitions.set(definition, label(definition, index)),
      );
    }
    (node.always ?? []).forEach((definition, index) =>
      transitions.set(definition, label(definition, index)),
    );
  }
  return transitions;
}

/** The transition definitions `event` takes from `snapshot`. */
export function takenTransitions(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
): AnyTransitionDefinition[] {
  return machine.getTransitionData(snapshot, event);
}

export interface Coverage {
  readonly states: Set<string>;
  readonly transitions: Set<string>;
}

/** Steps are [{initial, xstate.init}, {after e1, e1}, …] as @xstate/graph returns them. */
export function coverageOf(
  machine: AnyStateMachine,
  paths: ReadonlyArray<StatePath<AnyMachineSnapshot, EventObject>>,
): Coverage {
  const labels = definedTransitions(machine);
  const states = new Set<string>();
  const transitions = new Set<string>();
  for (const path of paths) {
    path.steps.forEach((step, index) => {
      for (const node of step.state._nodes) if (node !== machine.root) states.add(node.id);
      const previous = path.steps[index - 1];
      if (!previous) return;
      for (const taken of takenTransitions(machine, previous.state, step.event)) {
        const name = labels.get(taken);
        if (name) transitions.add(name);
      }
    });
    for (const node of path.state._nodes) if (node !== machine.root) states.add(node.id);
  }
  return { states, transitions };
}

export function initialSnapshotOf(machine: AnyStateMachine, input?: unknown): AnyMachineSnapshot {
  return initialTransition(machine, input)[0] as AnyMachineSnapshot;
}

/**
 * Shortest paths to every reachable (state, context), plus, for every transition those paths do
 * not take yet (self-transitions, second ways into a state), the shortest path to its source
 * followed by that one event.
 */
export function transitionCoveringPaths(
  machine: AnyStateMachine,
  options: { readonly events: readonly EventObject[]; readonly input?: unknown },
): Array<StatePath<AnyMachineSnapshot, EventObject>> {
  const fromState = initialSnapshotOf(machine, options.input);
  const shortest = getShortestPaths(machine, {
    events: options.events as EventObject[],
    fromState,
  }) as Array<StatePath<AnyMachineSnapshot, EventObject>>;
  return extendToEveryTransition(machine, shortest, options.events);
}

export function extendToEveryTransition<TPath extends StatePath<AnyMachineSnapshot, EventObject>>(
  machine: AnyStateMachine,
  paths: readonly TPath[],
  events: readonly EventObject[],
  makePath: (prefix: TPath, event: EventObject) => TPath = (prefix, event) => {
    const [next] = transition(machine, prefix.state, event) as [AnyMachineSnapshot, unknown];
    return {
      ...prefix,
      state: next,
      steps: [...prefix.steps, { state: next, event }],
      weight: prefix.weight + 1,
    } as TPath;
  },
): TPath[] {
  const labels = definedTransitions(machine);
  const covered = coverageOf(machine, paths).transitions;
  const extra: TPath[] = [];
  for (const path of paths) {
    for (const event of events) {
      const taken = takenTransitions(machine, path.state, event)
        .map((definition) => labels.get(definition))
        .filter((name): name is string => name !== undefined);
      if (taken.length === 0 || taken.every((name) => covered.has(name))) continue;
      taken.forEach((name) => covered.add(name));
      extra.push(makePath(path, event));
    }
  }
  return [...paths, ...extra];
}
