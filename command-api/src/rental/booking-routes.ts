import { randomUUID } from 'node:crypto';
import express, { type Router } from 'express';
import type { Sql } from 'postgres';
import { z } from 'zod/v4';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthenticatedError,
  ValidationError,
  type ErrorIssue,
} from '@platform/contracts/errors';
import { SYSTEM_USER_ID } from '@platform/contracts/metadata';
import { allows, type AccessRule } from '@platform/contracts/resources/access';
import { bookingStreamId, type RentalBookingPlacedData } from '@platform/contracts/rental/booking';
import { calendarStreamId } from '@platform/contracts/rental/calendar';
import { bookingExpiresAt, checkCart } from '@platform/contracts/rental/cart';
import { rentalAmounts } from '@platform/contracts/rental/amounts';
import { rentalCommandStreamId } from '@platform/contracts/rental/command';
import { rentalMemberStreamId } from '@platform/contracts/rental/member';
import { checkPeriod, periodDays } from '@platform/contracts/rental/period';
import { carriesShippingFees } from '@platform/contracts/rental/strategies';
import { appEnvironmentResource } from '@platform/contracts/environment/app-environment';
import { rentalItemResource, rentalModelResource } from '@platform/contracts/rental/records';
import { rentalEndpoints } from '@platform/contracts/rental/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { JSON_API_MEDIA_TYPE } from '@platform/infra/http/errors';
import { waitForProjections } from '@platform/infra/projections/checkpoints';
import { resourceTable } from '@platform/infra/resources/table';
import { viewerOf } from '@platform/infra/http/viewer';
import type { CommandModuleDeps, CommandRequest } from '../app.ts';
import { minPositionOf } from '../auth/session-middleware.ts';
import { deriveId } from '../handler.ts';
import { sendCommandResult } from '../http/respond.ts';
import { bookingDecider } from './booking.ts';
import { calendarDecider } from './calendar.ts';
import { rentalCommandDecider } from './lifecycle.ts';
import { rentalMemberDecider } from './member.ts';
import {
  loadInvoicingStrategy,
  loadRentalCatalogue,
  loadRentalEnvironment,
  type CatalogueModel,
} from './catalogue-reader.ts';

/**
 * Bookings racing for a model's last units are appends on its calendar stream; a loser decides again on the new
 * state (refused, or its turn). Enough retries for a crowd to end each in a hold or a refusal.
 */
export const HOLD_RETRIES = 500;

/** The strategies a member chooses; the others are the rental team's (internal, locked). */
const MEMBER_STRATEGIES = new Set(['pick_up', 'ship_to_address']);

const uuid = z.string().uuid();

export interface RentalBookingOptions {
  /** who chooses the rental team's strategies (internal, locked) */
  rentalTeam: AccessRule;
  /** the bound on waiting for the catalogue's read models to reach a request's minPosition (MIN_POSITION_TIMEOUT_MS) */
  minPositionTimeoutMs: number;
}

/**
 * What a booking and its confirmation read of the read models: the models and their items (the units), the
 * environment's rental values and the member's invoicing strategy (accounts).
 */
const CATALOGUE_PROJECTIONS = [
  resourceTable(rentalModelResource).projection,
  resourceTable(rentalItemResource).projection,
  resourceTable(appEnvironmentResource).projection,
  'accounts',
];

function signedInMember(res: express.Response): string {
  const { userId } = viewerOf(res);
  if (userId === null) throw new UnauthenticatedError();
  if (userId === SYSTEM_USER_ID)
    throw new ForbiddenError('The API token has no user account: sign in as a member');
  return userId;
}

const pointerOfIssue = (field: string) => `/data/attributes/${field}`;

/**
 * POST /api/v1/services/rentals/bookings: a signed-in member holds the cart's models for a period while reading the
 * summary (ADR 0028). Each model's units are held on its calendar stream, one model after the other; a model that
 * has not enough free units for the period refuses the booking (409 naming it and the period) and the holds taken
 * for the models before it are given back. A booking left alone lapses at expiresAt without any request.
 *
 * DELETE /api/v1/services/rentals/bookings/{id}: the member goes back from the summary; the holds are given back.
 */
export function rentalBookingRoutes(deps: CommandModuleDeps, options: RentalBookingOptions): Router {
  const router = express.Router();
  const sql = (): Sql => {
    if (!deps.readSql) throw new Error('rental bookings need the read models (readSql)');
    return deps.readSql;
  };
  /**
   * Read-your-writes for the catalogue, as reads do: a request naming a minPosition (query or X-Min-Position: the
   * position of the rental admin's last change it saw) is decided once the catalogue's read models reached it,
   * waiting at most the bound; past it, on what they hold.
   */
  const catalogueCaughtUp = async (req: express.Request) => {
    const position = minPositionOf(req);
    if (position === undefined) return;
    const { reached } = await waitForProjections(
      { sql: sql(), eventStore: deps.eventStore },
      CATALOGUE_PROJECTIONS,
      position,
      options.minPositionTimeoutMs,
    );
    if (!reached)
      deps.logger.warn(
        { projections: CATALOGUE_PROJECTIONS, minPosition: String(position) },
        'rental booking on a stale catalogue',
      );
  };

  mountEndpoint(router, rentalEndpoints.book, async (req, res, call) => {
    const request = deps.commandRequest(req, res);
    const userId = signedInMember(res);
    const document = call.body();
    const input = document.data.attributes;
    const now = request.metadata.now;
    await catalogueCaughtUp(req);
    const environment = await loadRentalEnvironment(sql());

    const issues: ErrorIssue[] = [
      ...checkPeriod(input, environment, now).map((issue) => ({
        code: 'validation.invalid' as const,
        detail: issue.detail,
        pointer: pointerOfIssue(issue.field),
      })),
      ...checkCart(
        { models: Object.fromEntries(input.models.map((m) => [m.modelId, m.quantity])) },
        environment,
      ).map((issue) => ({
        code: 'validation.invalid' as const,
        detail: issue.detail,
        pointer: pointerOfIssue('models'),
      })),
    ];
    if (!MEMBER_STRATEGIES.has(input.strategy) && !allows(options.rentalTeam, viewerOf(res)))
      issues.push({
        code: 'validation.invalid',
        detail: 'This strategy is chosen by the rental team',
        pointer: pointerOfIssue('strategy'),
      });
    const catalogue = await loadRentalCatalogue(
      sql(),
      input.models.map((m) => m.modelId),
    );
    input.models.forEach((line, index) => {
      if (!catalogue.has(line.modelId))
        issues.push({
          code: 'validation.invalid',
          detail: 'No rental model has this id',
          pointer: `/data/attributes/models/${index}/modelId`,
        });
    });
    if (issues.length > 0) throw new ValidationError(issues);

    const key = request.idempotencyKey;
    const bookingId = document.data.id ?? (key ? deriveId(key, 'rental-bookings') : randomUUID());
    const expiresAt = bookingExpiresAt(now, environment).toISOString();
    // one model after the other, in a fixed order, so that two bookings of the same models meet on the same first one
    const lines = [...input.models].sort((a, b) => a.modelId.localeCompare(b.modelId));
    const held: Array<{ modelId: string; quantity: number; holdId: string; model: CatalogueModel }> = [];
    try {
      for (const line of lines) {
        const model = catalogue.get(line.modelId)!;
        const holdId = deriveId(bookingId, 'hold', line.modelId);
        await deps.handle({
          streamId: calendarStreamId(line.modelId),
          decider: calendarDecider,
          command: {
            type: 'HoldUnits',
            data: {
              modelId: line.modelId,
              holdId,
              bookingId,
              userId,
              quantity: line.quantity,
              startAt: input.startAt,
              endAt: input.endAt,
              expiresAt,
              modelName: model.name,
              items: model.items,
            },
            metadata: request.metadata,
          },
          maxRetries: HOLD_RETRIES,
        });
        held.push({ ...line, holdId, model });
      }
    } catch (error) {
      await releaseHolds(deps, request, held, 'refused');
      throw error;
    }

    const placed: RentalBookingPlacedData = {
      bookingId,
      userId,
      models: held.map(({ modelId, quantity, holdId }) => ({ modelId, quantity, holdId })),
      startAt: input.startAt,
      endAt: input.endAt,
      expiresAt,
      strategy: input.strategy,
      phone: input.phone ?? null,
      billingAddress: input.billingAddress ?? null,
      shippingAddress: input.shippingAddress ?? null,
    };
    let result;
    try {
      result = await deps.handle({
        streamId: bookingStreamId(bookingId),
        decider: bookingDecider,
        command: { type: 'PlaceBooking', data: placed, metadata: request.metadata },
        ...(key !== undefined ? { idempotencyKey: key } : {}),
      });
    } catch (error) {
      // a booking id sent twice: the first one's holds stay, this attempt's are its own (the same derived ids)
      if (!(error instanceof ConflictError)) await releaseHolds(deps, request, held, 'refused');
      throw error;
    }
    // the booking as held, with its expiry: the summary counts down to it
    const { userId: _owner, bookingId: _id, ...attributes } = placed;
    res
      .status(201)
      .setHeader('X-Event-Position', result.position.toString())
      .setHeader('ETag', `"${result.nextExpectedVersion}"`)
      .type(JSON_API_MEDIA_TYPE)
      .send(
        JSON.stringify({
          data: { type: 'rental-bookings', id: bookingId, attributes },
          meta: { position: result.position.toString(), version: result.nextExpectedVersion.toString() },
        }),
      );
  });

  mountEndpoint(router, rentalEndpoints.placeCommand, async (req, res, call) => {
    const request = deps.commandRequest(req, res);
    const userId = signedInMember(res);
    const { bookingId } = call.body().data.attributes;
    const booking = await bookingOf(deps, bookingId);
    if (!booking) throw ValidationError.at('/data/attributes/bookingId', 'No booking has this id');
    if (booking.userId !== userId) throw new ForbiddenError('This booking is another member’s');
    const commandId = deriveId(bookingId, 'rental-command');
    await catalogueCaughtUp(req);
    const environment = await loadRentalEnvironment(sql());
    const invoicingStrategyId = await loadInvoicingStrategy(sql(), userId);
    const catalogue = await loadRentalCatalogue(
      sql(),
      booking.models.map((m) => m.modelId),
    );

    // the units: each hold kept by the command on its model's calendar; a hold that lapsed is kept only if its
    // units are still free. A refusal gives back the others and the booking is over.
    const kept: typeof booking.models = [];
    const slot = { userId, commandId };
    try {
      // the member's place among their open commands, guarded by their own stream (rentalMaxPendingCommands);
      // a booking confirmed already has its command's place (a repeated request)
      if (!(await isConfirmed(deps, bookingId)))
        await deps.handle({
          streamId: rentalMemberStreamId(userId),
          decider: rentalMemberDecider,
          command: {
            type: 'OpenCommandSlot',
            data: { ...slot, max: environment.rentalMaxPendingCommands },
            metadata: request.metadata,
          },
          maxRetries: HOLD_RETRIES,
        });
      for (const line of [...booking.models].sort((a, b) => a.modelId.localeCompare(b.modelId))) {
        const model = catalogue.get(line.modelId);
        if (!model)
          throw new ConflictError(
            'conflict.rental_booking_expired',
            'A model of this booking is no longer rented: book again',
          );
        await deps.handle({
          streamId: calendarStreamId(line.modelId),
          decider: calendarDecider,
          command: {
            type: 'KeepHold',
            data: {
              modelId: line.modelId,
              holdId: line.holdId,
              commandId,
              modelName: model.name,
              items: model.items,
            },
            metadata: request.metadata,
          },
          maxRetries: HOLD_RETRIES,
        });
        kept.push(line);
      }
    } catch (error) {
      if (error instanceof ConflictError) {
        const positions = [
          await settleCommandSlot(deps, request, slot),
          await releaseHolds(deps, request, booking.models, 'refused'),
          await deps
            .handle({
              streamId: bookingStreamId(bookingId),
              decider: bookingDecider,
              command: { type: 'CancelBooking', data: { bookingId, userId }, metadata: request.metadata },
            })
            .then((result) => (result.events.length > 0 ? result.position : null))
            .catch(() => null),
        ].filter((position): position is bigint => position !== null);
        // the refusal wrote the units' return: its position lets the member read the calendar with them back
        if (positions.length > 0)
          res.setHeader('X-Event-Position', positions.reduce((a, b) => (a > b ? a : b)).toString());
      }
      throw error;
    }
    await deps.handle({
      streamId: bookingStreamId(bookingId),
      decider: bookingDecider,
      command: {
        type: 'ConfirmBooking',
        data: { bookingId, userId, commandId },
        metadata: request.metadata,
      },
    });

    const days = periodDays(booking);
    const lines = booking.models.map((line) => ({
      commandItemId: deriveId(commandId, 'item', line.modelId),
      modelId: line.modelId,
      quantity: line.quantity,
      rentingPrice: catalogue.get(line.modelId)?.rentingPrice ?? 0,
    }));
    const shippingPrice = booking.models.reduce(
      (sum, line) => sum + (catalogue.get(line.modelId)?.shippingPrice ?? 0) * line.quantity,
      0,
    );
    const amounts = rentalAmounts({
      lines,
      days,
      strategy: booking.strategy,
      shippingPrice,
      organizationTax: environment.rentalOrganizationTax,
      invoicingStrategyId,
    });
    const result = await deps.handle({
      streamId: rentalCommandStreamId(commandId),
      decider: rentalCommandDecider,
      command: {
        type: 'PlaceRentalCommand',
        data: {
          commandId,
          bookingId,
          userId,
          rentFor: null,
          strategy: booking.strategy,
          isIndividual: true,
          startAt: booking.startAt,
          endAt: booking.endAt,
          billingAddress: booking.billingAddress ?? '',
          shippingAddress: booking.shippingAddress,
          phone: booking.phone ?? '',
          shippingPrice: carriesShippingFees(booking.strategy) ? shippingPrice : 0,
          lines,
          // the invoice follows the strategy and rate the member confirmed with
          amounts: { ...amounts, invoicingStrategyId, taxRate: environment.rentalOrganizationTax },
          caller: { rentalAdmin: false },
        },
        metadata: request.metadata,
      },
      // the same booking confirmed twice places one command (the decider refuses a second placing)
      idempotencyKey: `rental-command:${bookingId}`,
    });
    sendCommandResult(res, { type: 'rental-commands', id: commandId, result, status: 201 });
  });

  mountEndpoint(router, rentalEndpoints.releaseBooking, async (req, res, { params }) => {
    const bookingId = params.id;
    if (!uuid.safeParse(bookingId).success) throw new NotFoundError(`rental booking ${bookingId} not found`);
    const request = deps.commandRequest(req, res);
    const userId = signedInMember(res);
    const result = await deps.handle({
      streamId: bookingStreamId(bookingId),
      decider: bookingDecider,
      command: { type: 'CancelBooking', data: { bookingId, userId }, metadata: request.metadata },
    });
    const booking = await bookingOf(deps, bookingId);
    const released = booking ? await releaseHolds(deps, request, booking.models, 'cancelled') : null;
    // the position after which the units show as free again
    const last = released !== null && released > result.position ? released : result.position;
    res.status(204).setHeader('X-Event-Position', last.toString()).end();
  });

  return router;
}

/** The booking as placed (its holds), read from its stream. */
async function bookingOf(
  deps: CommandModuleDeps,
  bookingId: string,
): Promise<RentalBookingPlacedData | null> {
  const events = await deps.eventStore.readStream(bookingStreamId(bookingId)).catch(() => []);
  const placed = events.find((event) => event.type === 'RentalBookingPlaced');
  return placed ? (placed.data as RentalBookingPlacedData) : null;
}

async function isConfirmed(deps: CommandModuleDeps, bookingId: string): Promise<boolean> {
  const events = await deps.eventStore.readStream(bookingStreamId(bookingId)).catch(() => []);
  return events.some((event) => event.type === 'RentalBookingConfirmed');
}

/** A command cancelled, closed or never placed leaves the member's open commands. */
async function settleCommandSlot(
  deps: CommandModuleDeps,
  request: CommandRequest,
  slot: { userId: string; commandId: string },
): Promise<bigint | null> {
  const result = await deps.handle({
    streamId: rentalMemberStreamId(slot.userId),
    decider: rentalMemberDecider,
    command: { type: 'SettleCommandSlot', data: slot, metadata: request.metadata },
    maxRetries: HOLD_RETRIES,
  });
  return result.events.length > 0 ? result.position : null;
}

/**
 * A command cancelled or closed gives its units back to the models' calendars (the holds its booking took, their
 * ids following from the booking and the model), frees the items assigned to it, and leaves its member's open
 * commands.
 */
export async function releaseEndedCommand(
  deps: CommandModuleDeps,
  request: CommandRequest,
  commandId: string,
  reason: 'cancelled' | 'ended',
): Promise<bigint | null> {
  const events = await deps.eventStore.readStream(rentalCommandStreamId(commandId)).catch(() => []);
  const placed = events.find((event) => event.type === 'RentalCommandPlaced')?.data as
    | { bookingId: string; userId: string; lines: Array<{ commandItemId: string; modelId: string }> }
    | undefined;
  if (!placed) return null;
  const holds = [...new Set(placed.lines.map((line) => line.modelId))].map((modelId) => ({
    modelId,
    holdId: deriveId(placed.bookingId, 'hold', modelId),
  }));
  const released = await releaseHolds(deps, request, holds, reason);
  // the items it had are free for other commands
  let freed: bigint | null = null;
  for (const { modelId, itemId } of assignedItems(events, placed.lines)) {
    const result = await deps.handle({
      streamId: calendarStreamId(modelId),
      decider: calendarDecider,
      command: { type: 'FreeItem', data: { modelId, itemId, commandId }, metadata: request.metadata },
      maxRetries: HOLD_RETRIES,
    });
    if (result.events.length > 0) freed = result.position;
  }
  const settled = await settleCommandSlot(deps, request, { userId: placed.userId, commandId });
  return [released, freed, settled].reduce<bigint | null>(
    (last, at) => (at !== null && (last === null || at > last) ? at : last),
    null,
  );
}

async function releaseHolds(
  deps: CommandModuleDeps,
  request: CommandRequest,
  holds: ReadonlyArray<{ modelId: string; holdId: string }>,
  reason: 'refused' | 'cancelled' | 'ended',
): Promise<bigint | null> {
  let last: bigint | null = null;
  for (const { modelId, holdId } of holds) {
    const result = await deps.handle({
      streamId: calendarStreamId(modelId),
      decider: calendarDecider,
      command: { type: 'ReleaseHold', data: { modelId, holdId, reason }, metadata: request.metadata },
      maxRetries: HOLD_RETRIES,
    });
    if (result.events.length > 0) last = result.position;
  }
  return last;
}

/** The items a command holds now, with their models: the assigned ones, less those replaced. */
function assignedItems(
  events: ReadonlyArray<{ type: string; data: unknown }>,
  lines: ReadonlyArray<{ commandItemId: string; modelId: string }>,
): Array<{ modelId: string; itemId: string }> {
  const modelOf = new Map(lines.map((line) => [line.commandItemId, line.modelId]));
  const items = new Map<string, string>();
  for (const event of events) {
    const data = event.data as { commandItemId: string; itemId: string; replacedItemId?: string };
    if (event.type === 'RentalItemReplaced' && data.replacedItemId) items.delete(data.replacedItemId);
    if (event.type === 'RentalItemAssigned' || event.type === 'RentalItemReplaced') {
      const modelId = modelOf.get(data.commandItemId);
      if (modelId) items.set(data.itemId, modelId);
    }
  }
  return [...items].map(([itemId, modelId]) => ({ itemId, modelId }));
}
