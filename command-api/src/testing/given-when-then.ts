import { expect } from 'vitest';
import type { CommandMetadata } from '@platform/contracts/metadata';
import type { Command, Decider, DomainEvent } from '../decider.ts';

/** Fixed metadata for decider specs: deciders read time and caller only from here. */
export const specMetadata = (overrides: Partial<CommandMetadata> = {}): CommandMetadata => ({
  now: new Date('2025-05-14T10:00:00.000Z'),
  actor: {
    userId: '00000000-0000-4000-8000-000000000001',
    actingAsOrganizationId: null,
    impersonatorId: null,
  },
  correlationId: 'spec-correlation',
  causationId: 'spec-causation',
  ...overrides,
});

/**
 * given(events).when(command).then(events) | .thenThrows(ErrorClass, partial)  (CONVENTIONS.md habit 4).
 * `thenThrows` also matches fields of the thrown error (code, issues) so a spec pins the JSON pointer.
 */
export function deciderSpec<C extends Command, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return {
    given(events: E[]) {
      const state = events.reduce(decider.evolve, decider.initialState());
      return {
        state,
        when(command: C) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: E[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(errorClass: new (...args: never[]) => Error, match?: Record<string, unknown>) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown, 'the decider should have refused the command').toBeInstanceOf(errorClass);
              if (match) expect(thrown).toMatchObject(match);
            },
          };
        },
      };
    },
  };
}
