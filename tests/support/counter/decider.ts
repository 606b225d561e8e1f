import { z } from 'zod/v4';
import { ValidationError } from '@platform/contracts/errors';
import { defineEvent, EventContractRegistry } from '@platform/contracts/event-contracts';
import type { Command, Decider, DomainEvent } from '@platform/command-api/decider';

/**
 * A tiny decider (a counter stream) for the handler and HTTP edge tests: the real handler and store run
 * against it, so the tests exercise load, fold, decide and append without any domain module.
 */
export type CounterEvent =
  DomainEvent<'CounterIncremented', { by: number }> | DomainEvent<'CounterReset', object>;
export type CounterCommand =
  Command<'Increment', { by: number; times?: number }> | Command<'Reset', Record<string, never>>;
export interface CounterState {
  value: number;
}

export const counterDecider: Decider<CounterCommand, CounterEvent, CounterState> = {
  initialState: () => ({ value: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'CounterIncremented':
        return { value: state.value + event.data.by };
      case 'CounterReset':
        return { value: 0 };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'Increment': {
        if (command.data.by <= 0) throw ValidationError.at('/data/attributes/by', 'by must be positive');
        const times = command.data.times ?? 1;
        return Array.from({ length: times }, () => ({
          type: 'CounterIncremented' as const,
          data: { by: command.data.by },
        }));
      }
      case 'Reset':
        // resetting a counter at zero changes nothing: no event
        return state.value === 0 ? [] : [{ type: 'CounterReset' as const, data: {} }];
    }
  },
};

export const counterContracts = () =>
  new EventContractRegistry([
    defineEvent('CounterIncremented', z.object({ by: z.number().int().positive() })),
    defineEvent('CounterReset', z.object({})),
  ]);
