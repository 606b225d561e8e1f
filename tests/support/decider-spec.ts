import { expect } from 'vitest';
import type { Command, Decider, DomainEvent } from '@platform/command-api/decider';
import type { CommandMetadata } from '@platform/contracts/metadata';

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
 * given(events).when(command).then(events) | .thenThrows(ErrorClass, partial)  (CONVENTIONS.md habit 4):
 *
 *   const spec = deciderSpec(pageDecider);
 *   spec.given([created]).when(update).then([updated]);
 *   spec.given([created]).when(sameValues).then([]);            // accepted, changes nothing
 *   spec.given([]).when(update).thenThrows(NotFoundError, { code: 'not_found' });
 *   spec.given([created]).when(badPath).thenThrows(ValidationError, {
 *     issues: [expect.objectContaining({ pointer: '/data/attributes/path' })],
 *   });
 *   spec.given([created]).state;                                 // evolve's result, to look at directly
 *
 * `thenThrows` matches fields of the thrown error (code, issues, message) with toMatchObject, so a spec pins
 * the error code and the JSON pointer the client will see.
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
            then(expected: E[]): E[] {
              const actual = run();
              expect(actual).toEqual(expected);
              return actual;
            },
            thenThrows(
              errorClass: abstract new (...args: never[]) => Error,
              match?: Record<string, unknown>,
            ) {
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
