import { expect } from 'vitest';
import { DomainError, type ErrorCode } from '@platform/contracts/errors';
import type { Command, Decider, DomainEvent } from '../decider.ts';

type ErrorClass = abstract new (...args: never[]) => Error;

export interface ExpectedError {
  code?: ErrorCode;
  /** the JSON pointer of the first issue, e.g. /data/attributes/path */
  pointer?: string;
  /** a fragment of the message */
  detail?: string | RegExp;
}

/**
 * Given/when/then specs for a decider (CONVENTIONS.md habit 4):
 *
 *   const spec = deciderSpec(pageDecider);
 *   spec.given([created]).when(updateCommand).then([updated]);
 *   spec.given([]).when(updateCommand).thenThrows(NotFoundError, { code: 'not_found' });
 */
export function deciderSpec<C extends Command, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return {
    given(events: E[]) {
      return {
        when(command: C) {
          const run = () => decider.decide(command, events.reduce(decider.evolve, decider.initialState()));
          return {
            then(expected: E[]): E[] {
              const actual = run();
              expect(actual).toEqual(expected);
              return actual;
            },
            /** the command is accepted and changes nothing */
            thenNothing(): void {
              expect(run()).toEqual([]);
            },
            thenThrows(errorClass: ErrorClass, expected: ExpectedError = {}): DomainError | Error {
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught, 'the decider should have refused the command').toBeInstanceOf(errorClass);
              const error = caught as Error;
              if (expected.code !== undefined) expect((error as DomainError).code).toBe(expected.code);
              if (expected.pointer !== undefined) {
                expect((error as DomainError).issues?.map((i) => i.pointer)).toContain(expected.pointer);
              }
              if (expected.detail !== undefined) expect(error.message).toMatch(expected.detail);
              return error;
            },
          };
        },
      };
    },
  };
}

/** Folds events into a state: for specs that need to look at evolve's result directly. */
export function stateAfter<C extends Command, E extends DomainEvent, S>(
  decider: Decider<C, E, S>,
  events: E[],
): S {
  return events.reduce(decider.evolve, decider.initialState());
}
