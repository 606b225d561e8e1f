import { ConflictError, ForbiddenError, NotFoundError } from '@platform/contracts/errors';
import type { RentalBookingPlacedData } from '@platform/contracts/rental/booking';
import type { Command, Decider, DomainEvent } from '../decider.ts';

export type BookingStatus = 'none' | 'placed' | 'cancelled' | 'confirmed';

export interface BookingState {
  status: BookingStatus;
  booking: RentalBookingPlacedData | null;
  commandId: string | null;
}

export type PlaceBooking = Command<'PlaceBooking', RentalBookingPlacedData>;
export type CancelBooking = Command<'CancelBooking', { bookingId: string; userId: string }>;
export type ConfirmBooking = Command<
  'ConfirmBooking',
  { bookingId: string; userId: string; commandId: string }
>;
export type BookingCommand = PlaceBooking | CancelBooking | ConfirmBooking;
export type BookingEvent =
  | DomainEvent<'RentalBookingPlaced', RentalBookingPlacedData>
  | DomainEvent<'RentalBookingCancelled', { bookingId: string }>
  | DomainEvent<'RentalBookingConfirmed', { bookingId: string; commandId: string }>;

const ownBooking = (state: BookingState, bookingId: string, userId: string): RentalBookingPlacedData => {
  if (!state.booking) throw new NotFoundError(`rental booking ${bookingId} not found`);
  if (state.booking.userId !== userId) throw new ForbiddenError('This booking is another member’s');
  return state.booking;
};

/** A booking's own stream: placed once, then cancelled or confirmed once (the units are on the calendars). */
export const bookingDecider: Decider<BookingCommand, BookingEvent, BookingState> = {
  initialState: () => ({ status: 'none', booking: null, commandId: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'RentalBookingPlaced':
        return { ...state, status: 'placed', booking: event.data };
      case 'RentalBookingCancelled':
        return { ...state, status: 'cancelled' };
      case 'RentalBookingConfirmed':
        return { ...state, status: 'confirmed', commandId: event.data.commandId };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'PlaceBooking':
        if (state.status !== 'none')
          throw new ConflictError('conflict.duplicate_id', 'This booking exists already');
        return [{ type: 'RentalBookingPlaced', data: command.data }];
      case 'CancelBooking': {
        ownBooking(state, command.data.bookingId, command.data.userId);
        if (state.status === 'cancelled') return [];
        if (state.status === 'confirmed')
          throw new ConflictError(
            'conflict.state',
            'This booking became a rental command: cancel the command',
          );
        return [{ type: 'RentalBookingCancelled', data: { bookingId: command.data.bookingId } }];
      }
      case 'ConfirmBooking': {
        ownBooking(state, command.data.bookingId, command.data.userId);
        if (state.status === 'confirmed' && state.commandId === command.data.commandId) return [];
        // whether the units are still there is the calendars' to say (a lapsed hold whose units nobody took is
        // kept all the same): the booking only refuses to become a second command or to come back
        if (state.status !== 'placed')
          throw new ConflictError(
            'conflict.rental_booking_expired',
            `This booking is ${state.status}: book again`,
          );
        const { bookingId, commandId } = command.data;
        return [{ type: 'RentalBookingConfirmed', data: { bookingId, commandId } }];
      }
    }
  },
};
