import type { CommandMetadata } from '@platform/contracts/metadata';

/** A domain event as a decider sees it: no ids, no positions, no metadata. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

export interface Command<T extends string = string, D = unknown> {
  type: T;
  data: D;
  metadata: CommandMetadata;
}

/**
 * One decider per stream category (CONVENTIONS.md habit 1): pure functions, no clock, env, random or I/O.
 * `decide` throws a DomainError (contracts/errors) when the command is refused.
 */
export interface Decider<C extends Command, E extends DomainEvent, S> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  decide: (command: C, state: S) => E[];
}
