import { z } from 'zod/v4';
import { defineEvent, type EventContract } from '../event-contracts.ts';

/**
 * A member's open rental commands (the environment's rentalMaxPendingCommands): one stream per member
 * (`rentalMember-{userId}`) owns the count, so two confirmations at once cannot both pass the limit. A command is
 * open from its placing until it is cancelled or closed.
 */
export const RENTAL_MEMBER_CATEGORY = 'rentalMember';
export const rentalMemberStreamId = (userId: string) => `${RENTAL_MEMBER_CATEGORY}-${userId}`;

export const RentalMemberCommandOpened = defineEvent(
  'RentalMemberCommandOpened',
  z.object({ userId: z.string(), commandId: z.string().uuid() }),
);

export const RentalMemberCommandSettled = defineEvent(
  'RentalMemberCommandSettled',
  z.object({ userId: z.string(), commandId: z.string().uuid() }),
);

export const rentalMemberEventContracts: EventContract[] = [
  RentalMemberCommandOpened,
  RentalMemberCommandSettled,
];
