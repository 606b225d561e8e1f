import type { Command, Decider, DomainEvent } from '../decider.ts';

export type Batch<C extends Command> = Command<'Batch', { commands: C[] }>;

/**
 * Decides several commands on one stream as one append: each is decided on the state its predecessors left,
 * and either all their events are stored or none (a form that changes the profile and the password at once).
 */
export function batchDecider<C extends Command, E extends DomainEvent, S>(
  decider: Decider<C, E, S>,
): Decider<Batch<C>, E, S> {
  return {
    initialState: decider.initialState,
    evolve: decider.evolve,
    decide(batch, state) {
      const events: E[] = [];
      let current = state;
      for (const command of batch.data.commands) {
        const decided = decider.decide(command, current);
        current = decided.reduce(decider.evolve, current);
        events.push(...decided);
      }
      return events;
    },
  };
}
