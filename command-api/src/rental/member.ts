import { ConflictError } from '@platform/contracts/errors';
import type { Command, Decider, DomainEvent } from '../decider.ts';

/** The commands a member has open (placed, neither cancelled nor closed), by id. */
export interface RentalMemberState {
  open: ReadonlySet<string>;
}

type Slot = { userId: string; commandId: string };
/** Opens a command's place among the member's; `max` is the environment's rentalMaxPendingCommands (null: no limit). */
export type OpenCommandSlot = Command<'OpenCommandSlot', Slot & { max: number | null }>;
export type SettleCommandSlot = Command<'SettleCommandSlot', Slot>;
export type RentalMemberCommand = OpenCommandSlot | SettleCommandSlot;
export type RentalMemberEvent =
  DomainEvent<'RentalMemberCommandOpened', Slot> | DomainEvent<'RentalMemberCommandSettled', Slot>;

/**
 * The member's stream guards the limit on open commands: the count is the stream's, appended at its version, so
 * a second confirmation racing the first is decided again on the first one's event. Opening an open command and
 * settling a settled one change nothing (a retried request).
 */
export const rentalMemberDecider: Decider<RentalMemberCommand, RentalMemberEvent, RentalMemberState> = {
  initialState: () => ({ open: new Set() }),
  evolve(state, event) {
    const open = new Set(state.open);
    if (event.type === 'RentalMemberCommandOpened') open.add(event.data.commandId);
    else open.delete(event.data.commandId);
    return { open };
  },
  decide(command, state) {
    const { userId, commandId } = command.data;
    switch (command.type) {
      case 'OpenCommandSlot': {
        if (state.open.has(commandId)) return [];
        const { max } = command.data;
        if (max !== null && state.open.size >= max)
          throw new ConflictError(
            'conflict.rental_pending_commands',
            `You have ${state.open.size} rental commands in progress, the most a member may have at once (${max}): one must be closed or cancelled first`,
          );
        return [{ type: 'RentalMemberCommandOpened', data: { userId, commandId } }];
      }
      case 'SettleCommandSlot':
        return state.open.has(commandId)
          ? [{ type: 'RentalMemberCommandSettled', data: { userId, commandId } }]
          : [];
    }
  },
};
