import { describe, expect, it } from 'vitest';
import { ConflictError } from '@platform/contracts/errors';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import { rentalMemberDecider, type RentalMemberCommand, type RentalMemberEvent } from './member.ts';

const spec = deciderSpec(rentalMemberDecider);
const MEMBER = '0a000000-0000-4000-8000-00000000000a';
const FIRST = '0c000000-0000-4000-8000-000000000001';
const SECOND = '0c000000-0000-4000-8000-000000000002';
const THIRD = '0c000000-0000-4000-8000-000000000003';
const metadata = specMetadata();

const open = (commandId: string, max: number | null): RentalMemberCommand => ({
  type: 'OpenCommandSlot',
  data: { userId: MEMBER, commandId, max },
  metadata,
});
const settle = (commandId: string): RentalMemberCommand => ({
  type: 'SettleCommandSlot',
  data: { userId: MEMBER, commandId },
  metadata,
});
const opened = (commandId: string): RentalMemberEvent => ({
  type: 'RentalMemberCommandOpened',
  data: { userId: MEMBER, commandId },
});
const settled = (commandId: string): RentalMemberEvent => ({
  type: 'RentalMemberCommandSettled',
  data: { userId: MEMBER, commandId },
});

describe('a member’s open rental commands (rentalMaxPendingCommands)', () => {
  it('opens a command while the member has fewer open than the limit', () => {
    spec
      .given([])
      .when(open(FIRST, 2))
      .then([opened(FIRST)]);
    spec
      .given([opened(FIRST)])
      .when(open(SECOND, 2))
      .then([opened(SECOND)]);
  });

  it('refuses one more at the limit with 409, naming the limit', () => {
    spec
      .given([opened(FIRST), opened(SECOND)])
      .when(open(THIRD, 2))
      .thenThrows(ConflictError, {
        code: 'conflict.rental_pending_commands',
        message: expect.stringMatching(/\(2\)/),
      });
    spec
      .given([opened(FIRST)])
      .when(open(SECOND, 0))
      .thenThrows(ConflictError, {
        code: 'conflict.rental_pending_commands',
      });
  });

  it('counts only open commands: a settled one frees its place', () => {
    spec
      .given([opened(FIRST), opened(SECOND), settled(FIRST)])
      .when(open(THIRD, 2))
      .then([opened(THIRD)]);
  });

  it('has no limit when the environment sets none', () => {
    spec
      .given([opened(FIRST), opened(SECOND)])
      .when(open(THIRD, null))
      .then([opened(THIRD)]);
  });

  it('changes nothing for a repeated request: opening an open command, settling a settled or unknown one', () => {
    spec
      .given([opened(FIRST)])
      .when(open(FIRST, 1))
      .then([]);
    spec
      .given([opened(FIRST), settled(FIRST)])
      .when(settle(FIRST))
      .then([]);
    spec.given([]).when(settle(FIRST)).then([]);
    spec
      .given([opened(FIRST)])
      .when(settle(FIRST))
      .then([settled(FIRST)]);
  });
});
