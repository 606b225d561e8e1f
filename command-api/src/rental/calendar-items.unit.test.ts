import { describe, expect, it } from 'vitest';
import { ConflictError } from '@platform/contracts/errors';
import { deciderSpec, specMetadata } from '@platform/tests/support/decider-spec';
import { calendarDecider, type CalendarCommand, type CalendarEvent } from './calendar.ts';

/** A model's calendar reserves each assigned item for its command's period: no item is two commands' at once. */
const spec = deciderSpec(calendarDecider);
const MODEL = '0d000000-0000-4000-8000-000000000001';
const ITEM = '0f000000-0000-4000-8000-000000000001';
const OTHER_ITEM = '0f000000-0000-4000-8000-000000000002';
const FIRST = '0c000000-0000-4000-8000-000000000001';
const SECOND = '0c000000-0000-4000-8000-000000000002';
const metadata = specMetadata({ now: new Date('2026-03-01T09:00:00Z') });

const period = (startAt: string, endAt: string) => ({ startAt, endAt });
const reserve = (
  commandId: string,
  itemId: string,
  when = period('2026-04-01', '2026-04-08'),
): CalendarCommand => ({
  type: 'ReserveItem',
  data: { modelId: MODEL, itemId, commandId, ...when },
  metadata,
});
const reserved = (
  commandId: string,
  itemId: string,
  when = period('2026-04-01', '2026-04-08'),
): CalendarEvent => ({
  type: 'RentalItemReserved',
  data: { modelId: MODEL, itemId, commandId, ...when },
});
const free = (commandId: string, itemId: string): CalendarCommand => ({
  type: 'FreeItem',
  data: { modelId: MODEL, itemId, commandId },
  metadata,
});
const freed = (commandId: string, itemId: string): CalendarEvent => ({
  type: 'RentalItemFreed',
  data: { modelId: MODEL, itemId, commandId },
});

describe('an item assigned to a rental command', () => {
  it('is reserved for the command’s period; asking again changes nothing', () => {
    spec
      .given([])
      .when(reserve(FIRST, ITEM))
      .then([reserved(FIRST, ITEM)]);
    spec
      .given([reserved(FIRST, ITEM)])
      .when(reserve(FIRST, ITEM))
      .then([]);
  });

  it('is refused to another command whose period overlaps, with 409 on itemId naming the days', () => {
    spec
      .given([reserved(FIRST, ITEM)])
      .when(reserve(SECOND, ITEM, period('2026-04-07', '2026-04-10')))
      .thenThrows(ConflictError, {
        code: 'conflict.rental_item_taken',
        message: expect.stringMatching(/from 2026-04-01 to 2026-04-08/),
        issues: [expect.objectContaining({ pointer: '/data/attributes/itemId' })],
      });
  });

  it('may go to another command on days that do not overlap (the return day is free), or be another item', () => {
    spec
      .given([reserved(FIRST, ITEM)])
      .when(reserve(SECOND, ITEM, period('2026-04-08', '2026-04-12')))
      .then([reserved(SECOND, ITEM, period('2026-04-08', '2026-04-12'))]);
    spec
      .given([reserved(FIRST, ITEM)])
      .when(reserve(SECOND, OTHER_ITEM))
      .then([reserved(SECOND, OTHER_ITEM)]);
  });

  it('is free again once freed (replaced, or its command cancelled or closed)', () => {
    spec
      .given([reserved(FIRST, ITEM)])
      .when(free(FIRST, ITEM))
      .then([freed(FIRST, ITEM)]);
    spec
      .given([reserved(FIRST, ITEM), freed(FIRST, ITEM)])
      .when(reserve(SECOND, ITEM))
      .then([reserved(SECOND, ITEM)]);
    spec.given([]).when(free(FIRST, ITEM)).then([]);
  });
});
