import { ConflictError } from '@platform/contracts/errors';
import {
  freeUnits,
  holdCounts,
  type CalendarHold,
  type CalendarItem,
  type DayPeriod,
  type RentalHoldKeptData,
  type RentalHoldReleasedData,
  type RentalItemFreedData,
  type RentalItemReservedData,
  type RentalUnitsHeldData,
} from '@platform/contracts/rental/calendar';
import { periodsOverlap } from '@platform/contracts/rental/period';
import type { Command, Decider, DomainEvent } from '../decider.ts';

/** An item's period with a command (RentalItemReserved). */
export interface ItemReservation extends DayPeriod {
  commandId: string;
}

/**
 * The holds of one model's calendar that have not been released (lapsed ones are kept: time decides), and each
 * item's reservations by commands.
 */
export interface CalendarState {
  holds: Record<string, CalendarHold>;
  items: Record<string, ItemReservation[]>;
}

export type HoldUnits = Command<
  'HoldUnits',
  Omit<RentalUnitsHeldData, 'expiresAt'> & {
    expiresAt: string;
    /** the model's name, for the refusal's words */
    modelName: string;
    /** the model's items as the read model knew them when the request came (ADR 0028) */
    items: readonly CalendarItem[];
  }
>;
export type ReleaseHold = Command<'ReleaseHold', RentalHoldReleasedData>;
export type KeepHold = Command<
  'KeepHold',
  RentalHoldKeptData & { modelName: string; items: readonly CalendarItem[] }
>;
export type ReserveItem = Command<'ReserveItem', RentalItemReservedData>;
export type FreeItem = Command<'FreeItem', RentalItemFreedData>;
export type CalendarCommand = HoldUnits | ReleaseHold | KeepHold | ReserveItem | FreeItem;
export type CalendarEvent =
  | DomainEvent<'RentalUnitsHeld', RentalUnitsHeldData>
  | DomainEvent<'RentalHoldReleased', RentalHoldReleasedData>
  | DomainEvent<'RentalHoldKept', RentalHoldKeptData>
  | DomainEvent<'RentalItemReserved', RentalItemReservedData>
  | DomainEvent<'RentalItemFreed', RentalItemFreedData>;

const withoutCommand = (
  items: Record<string, ItemReservation[]>,
  commandId: string,
  itemId?: string,
): Record<string, ItemReservation[]> =>
  Object.fromEntries(
    Object.entries(items).map(([id, reservations]) => [
      id,
      itemId === undefined || id === itemId
        ? reservations.filter((r) => r.commandId !== commandId)
        : reservations,
    ]),
  );

/** 409 naming the model and the period; the pointer names the model's line of the booking */
const unavailable = (
  model: { modelId: string; modelName: string },
  period: { startAt: string; endAt: string },
  asked: number,
  free: number,
) =>
  new ConflictError(
    'conflict.rental_unavailable',
    `“${model.modelName}” is not available from ${period.startAt} to ${period.endAt}: ${asked} asked, ${free} free`,
    `/data/attributes/models/${model.modelId}`,
  );

/**
 * A booking's hold is decided on the model's calendar stream and appended with its expected version: whatever the
 * number of servers and requests, the units held for overlapping days never exceed the items free those days.
 */
export const calendarDecider: Decider<CalendarCommand, CalendarEvent, CalendarState> = {
  initialState: () => ({ holds: {}, items: {} }),
  evolve(state, event) {
    switch (event.type) {
      case 'RentalUnitsHeld': {
        const { modelId: _model, ...hold } = event.data;
        return { ...state, holds: { ...state.holds, [hold.holdId]: hold } };
      }
      case 'RentalHoldReleased': {
        const { [event.data.holdId]: _released, ...holds } = state.holds;
        return { ...state, holds };
      }
      case 'RentalHoldKept': {
        const hold = state.holds[event.data.holdId];
        return hold
          ? { ...state, holds: { ...state.holds, [hold.holdId]: { ...hold, expiresAt: null } } }
          : state;
      }
      case 'RentalItemReserved': {
        const { itemId, commandId, startAt, endAt } = event.data;
        const reservations = [...(state.items[itemId] ?? []), { commandId, startAt, endAt }];
        return { ...state, items: { ...state.items, [itemId]: reservations } };
      }
      case 'RentalItemFreed':
        return { ...state, items: withoutCommand(state.items, event.data.commandId, event.data.itemId) };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'HoldUnits': {
        const { items, modelName, ...held } = command.data;
        const now = command.metadata.now;
        const existing = state.holds[held.holdId];
        if (existing && holdCounts(existing, now)) return []; // the same hold asked again
        const free = freeUnits(items, Object.values(state.holds), held, now);
        if (free < held.quantity)
          throw unavailable({ modelId: held.modelId, modelName }, held, held.quantity, free);
        return [{ type: 'RentalUnitsHeld', data: held }];
      }
      case 'KeepHold': {
        const { items, modelName, ...kept } = command.data;
        const hold = state.holds[kept.holdId];
        if (!hold)
          throw new ConflictError(
            'conflict.rental_booking_expired',
            'The hold on these items was given back: book again',
          );
        if (hold.expiresAt === null) return [];
        // a hold that lapsed is kept only if its units are still free (nobody took them meanwhile)
        if (!holdCounts(hold, command.metadata.now)) {
          const { [hold.holdId]: _self, ...others } = state.holds;
          const free = freeUnits(items, Object.values(others), hold, command.metadata.now);
          if (free < hold.quantity)
            throw unavailable({ modelId: kept.modelId, modelName }, hold, hold.quantity, free);
        }
        return [{ type: 'RentalHoldKept', data: kept }];
      }
      case 'ReleaseHold':
        return state.holds[command.data.holdId] ? [{ type: 'RentalHoldReleased', data: command.data }] : [];
      case 'ReserveItem': {
        const reserved = command.data;
        const reservations = state.items[reserved.itemId] ?? [];
        if (reservations.some((r) => r.commandId === reserved.commandId)) return [];
        const taken = reservations.find((r) => periodsOverlap(r, reserved));
        if (taken)
          throw new ConflictError(
            'conflict.rental_item_taken',
            `This item is assigned to another command from ${taken.startAt} to ${taken.endAt}: choose another item`,
            '/data/attributes/itemId',
          );
        return [{ type: 'RentalItemReserved', data: reserved }];
      }
      case 'FreeItem': {
        const freed = command.data;
        const reservations = state.items[freed.itemId] ?? [];
        return reservations.some((r) => r.commandId === freed.commandId)
          ? [{ type: 'RentalItemFreed', data: freed }]
          : [];
      }
    }
  },
};
