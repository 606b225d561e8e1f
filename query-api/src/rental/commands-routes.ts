import express, { type Response, type Router } from 'express';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import { allows } from '@platform/contracts/resources/access';
import { rentalEndpoints } from '@platform/contracts/rental/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import {
  mayReadRentalCommand,
  RENTAL_ADMINS,
  rentalCommandStreamId,
} from '@platform/contracts/rental/command';
import {
  deriveRentalCommand,
  RentalCommandFlagSchema,
  RentalCommandStatusSchema,
} from '@platform/contracts/rental/status';
import {
  stepAppearance,
  stepDate,
  RentalStepStatusSchema,
  RentalStepTypeSchema,
} from '@platform/contracts/rental/steps';
import { readStreamOrEmpty } from '@platform/infra/event-store';
import { viewerOf } from '@platform/infra/http/viewer';
import type { QueryModule } from '../app.ts';
import { listDocument, resourceObject, sendDocument, singleDocument } from '../jsonapi/document.ts';
import { parseListQuery, parseResourceQuery } from '../jsonapi/query.ts';
import { consistencyOf } from '../min-position.ts';
import { isoTimestamp } from '../jsonapi/sql.ts';

const TYPE = 'rental-commands';
const ITEM_TYPE = 'rental-command-items';
const PROJECTION = 'rental_commands';
const uuid = z.string().uuid();

const Step = z.object({
  stepType: RentalStepTypeSchema,
  status: RentalStepStatusSchema,
  doneAt: z.string().nullable(),
  comment: z.string().nullable(),
  position: z.number().int(),
});
const CommandRow = z.object({
  id: z.string(),
  booking_id: z.string(),
  user_id: z.string(),
  rent_for: z.string().nullable(),
  strategy: z.string(),
  strategy_group: z.string(),
  is_individual: z.boolean(),
  start_at: z.string(),
  end_at: z.string(),
  billing_address: z.string(),
  shipping_address: z.string().nullable(),
  phone: z.string(),
  shipping_price: z.bigint().transform(Number),
  amounts: z.record(z.string(), z.unknown()),
  signed_contract_file_id: z.string().nullable(),
  steps: z.array(Step),
  cancelled: z.boolean(),
  closed: z.boolean(),
  created_at: z.number(),
  updated_at: z.number(),
});
type CommandRow = z.infer<typeof CommandRow>;
const ItemRow = z.object({
  id: z.string(),
  command_id: z.string(),
  position: z.number(),
  model_id: z.string(),
  quantity: z.number(),
  renting_price: z.number(),
  item_ids: z.array(z.string()),
  replacements: z.array(z.record(z.string(), z.unknown())),
});
const UserName = z.object({ id: z.string(), first_name: z.string(), last_name: z.string() });

const COMMAND_COLUMNS = sql.fragment`id::text, booking_id::text, user_id::text, rent_for::text, strategy,
  strategy_group, is_individual, start_at::text, end_at::text, billing_address, shipping_address, phone,
  shipping_price, amounts, signed_contract_file_id::text, steps, cancelled, closed, created_at, updated_at`;

/** A command as the screens read it: its record, and what the rules derive from it today. */
function commandObject(row: CommandRow, now: Date) {
  const createdAt = isoTimestamp(row.created_at);
  const derived = deriveRentalCommand(
    { createdAt, startAt: row.start_at, endAt: row.end_at, steps: row.steps },
    now,
  );
  return {
    derived,
    object: resourceObject(
      TYPE,
      row.id,
      {
        strategy: row.strategy,
        strategyGroup: row.strategy_group,
        isIndividual: row.is_individual,
        startAt: row.start_at,
        endAt: row.end_at,
        billingAddress: row.billing_address,
        shippingAddress: row.shipping_address,
        phone: row.phone,
        shippingPrice: row.shipping_price,
        amounts: row.amounts,
        signedContractFileId: row.signed_contract_file_id,
        steps: row.steps.map((step) => ({ ...step, ...stepAppearance(step), date: stepDate(step) })),
        status: derived.status,
        statusColour: derived.colour,
        flags: derived.flags,
        alerts: derived.alerts,
        cancelled: row.cancelled,
        closed: row.closed,
        createdAt,
        updatedAt: isoTimestamp(row.updated_at),
      },
      {
        relationships: {
          user: { data: { type: 'users', id: row.user_id } },
          rentFor: { data: row.rent_for ? { type: 'organizations', id: row.rent_for } : null },
          booking: { data: { type: 'rental-bookings', id: row.booking_id } },
        },
      },
    ),
  };
}

/**
 * The rental commands: GET /api/v1/services/rentals/commands (a member's own, newest first; the rental desk sees
 * every one), filtered by the derived status (`filter[status]`) and flag (`filter[flag]`), which depend on today's
 * date and so are derived when read; GET .../commands/{id} (its steps with their appearance, items and amounts);
 * GET .../commands/{id}/history (the command's stream: who did which step when). Another member's command is not
 * found; a visitor is asked to sign in.
 */
export function rentalCommandQueryRoutes(): QueryModule {
  return (deps): Router => {
    const clock = deps.clock;
    const router = express.Router();
    const reads = deps.readAfter([PROJECTION]);

    const signedIn = (res: Response) => {
      const viewer = viewerOf(res);
      if (viewer.userId === null) throw new UnauthenticatedError();
      return { viewer, desk: allows(RENTAL_ADMINS, viewer) };
    };

    mountEndpoint(router, rentalEndpoints.commands, reads, async (req, res) => {
      const { viewer, desk } = signedIn(res);
      const query = parseListQuery(req.originalUrl, {
        filters: { status: RentalCommandStatusSchema, flag: RentalCommandFlagSchema, user: uuid },
      });
      const user = desk ? query.filter.user : viewer.userId;
      const where = user !== undefined ? sql.fragment`user_id = ${user}` : sql.fragment`true`;
      // the derived status and flags move with the date: every row of the caller's scope is derived, then filtered
      const rows = await deps.readPool.any(sql.type(CommandRow)`
        select ${COMMAND_COLUMNS} from read.rental_commands where ${where} order by created_at desc, id`);
      const now = clock();
      const matching = rows
        .map((row) => commandObject(row, now))
        .filter(
          ({ derived }) =>
            (query.filter.status === undefined || derived.status === query.filter.status) &&
            (query.filter.flag === undefined || derived.flags[query.filter.flag]),
        );
      const page = matching.slice(query.page.offset, query.page.offset + query.page.size);
      sendDocument(
        res,
        listDocument({
          data: page.map((c) => c.object),
          total: matching.length,
          query,
          url: req.originalUrl,
          consistency: consistencyOf(res),
        }),
      );
    });

    /** The command, when the caller may read it: its member and the rental desk; for anyone else it is not found. */
    const loadCommand = async (res: Response, id: string) => {
      const { viewer } = signedIn(res);
      const notFound = new NotFoundError(`rental command ${id} not found`);
      if (!uuid.safeParse(id).success) throw notFound;
      const row = await deps.readPool.maybeOne(sql.type(CommandRow)`
        select ${COMMAND_COLUMNS} from read.rental_commands where id = ${id}`);
      if (!row || !mayReadRentalCommand(viewer, row.user_id)) throw notFound;
      return row;
    };

    mountEndpoint(router, rentalEndpoints.command, reads, async (req, res, { params }) => {
      parseResourceQuery(req.originalUrl);
      const row = await loadCommand(res, params.id);
      const items = await deps.readPool.any(sql.type(ItemRow)`
        select id::text, command_id::text, position, model_id::text, quantity, renting_price,
               array_to_json(item_ids) as item_ids, replacements
          from read.rental_command_items where command_id = ${row.id} order by position`);
      const { object } = commandObject(row, clock());
      object.relationships = {
        ...object.relationships,
        commandItems: { data: items.map((item) => ({ type: ITEM_TYPE, id: item.id })) },
      };
      sendDocument(
        res,
        singleDocument({
          data: object,
          included: items.map((item) =>
            resourceObject(
              ITEM_TYPE,
              item.id,
              {
                quantity: item.quantity,
                rentingPrice: item.renting_price,
                itemIds: item.item_ids,
                replacements: item.replacements,
              },
              {
                relationships: {
                  command: { data: { type: TYPE, id: item.command_id } },
                  rentalModel: { data: { type: 'rental-models', id: item.model_id } },
                },
              },
            ),
          ),
          url: req.originalUrl,
          consistency: consistencyOf(res),
        }),
      );
    });

    mountEndpoint(router, rentalEndpoints.commandHistory, async (req, res, { params }) => {
      const id = params.id;
      const { viewer } = signedIn(res);
      const notFound = new NotFoundError(`rental command ${id} not found`);
      if (!uuid.safeParse(id).success) throw notFound;
      // read from the stream itself, not a read model: the audit history is the log (ARCHITECTURE.md §1)
      const stored = await readStreamOrEmpty(deps.eventStore, rentalCommandStreamId(id));
      const placedBy = (stored[0]?.data as { userId?: string } | undefined)?.userId;
      if (!stored.length || !placedBy || !mayReadRentalCommand(viewer, placedBy)) throw notFound;
      const entries = [...stored].reverse();
      const people = [
        ...new Set(
          entries.flatMap((e) =>
            [e.metadata.actor.userId, e.metadata.actor.impersonatorId].filter((v): v is string => !!v),
          ),
        ),
      ].filter((p) => uuid.safeParse(p).success);
      const users = people.length
        ? await deps.readPool.any(sql.type(UserName)`
            select id::text, first_name, last_name from read.users where id = any(${sql.array(people, 'uuid')})`)
        : [];
      sendDocument(res, {
        data: entries.map((event) =>
          resourceObject('rental-command-history-entries', `${id}:${event.streamVersion}`, {
            revision: event.streamVersion.toString(),
            position: event.globalPosition.toString(),
            eventType: event.type,
            recordedAt: event.metadata.recordedAt,
            actor: event.metadata.actor,
            data: event.data,
          }),
        ),
        included: users.map((u) =>
          resourceObject('users', u.id, { fullName: `${u.first_name} ${u.last_name}`.trim() }),
        ),
        meta: { total: entries.length },
        links: { self: req.originalUrl },
      });
    });

    return router;
  };
}
