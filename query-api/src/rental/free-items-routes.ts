import express, { type Router } from 'express';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import { allows } from '@platform/contracts/resources/access';
import { unavailableDays } from '@platform/contracts/rental/calendar';
import { mayReadRentalCommand, RENTAL_ADMINS } from '@platform/contracts/rental/command';
import { periodsOverlap } from '@platform/contracts/rental/period';
import { rentalItemConditionResource, rentalItemResource } from '@platform/contracts/rental/records';
import { rentalEndpoints } from '@platform/contracts/rental/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { viewerOf } from '@platform/infra/http/viewer';
import { resourceTable } from '@platform/infra/resources/table';
import type { QueryModule } from '../app.ts';
import { badParameter } from '../jsonapi/query.ts';
import { resourceObject, sendDocument } from '../jsonapi/document.ts';
import { consistencyOf } from '../min-position.ts';

const uuid = z.string().uuid();
const Command = z.object({ user_id: z.string(), start_at: z.string(), end_at: z.string() });
const Item = z.object({
  id: z.string(),
  stock_id: z.string(),
  unavailabilities: z.array(z.object({ startAt: z.string(), endAt: z.string() })).nullable(),
  condition: z.string().nullable(),
  condition_value: z.bigint().transform(Number).nullable(),
});

/**
 * GET /api/v1/services/rentals/commands/{id}/free-items?model={modelId}: the rental desk's choice of items to assign
 * to the command: the live items of the model that no other open command has over overlapping days (nor this one
 * already) and that are not unavailable then, by stock id, with their condition. What it says is what the model's
 * calendar will decide, read from the read models: the calendar stream still refuses an item taken meanwhile (409).
 */
export function rentalFreeItemsRoutes(): QueryModule {
  const items = resourceTable(rentalItemResource);
  const conditions = resourceTable(rentalItemConditionResource);
  const column = (table: ReturnType<typeof resourceTable>, name: string) => {
    const found =
      table.attributes.find((a) => a.name === name)?.column ??
      table.relationships.find((r) => r.name === name)?.column;
    if (!found) throw new Error(`${table.table} has no ${name}`);
    return found;
  };
  return (deps): Router => {
    const router = express.Router();
    const reads = deps.readAfter(['rental_commands', items.projection, conditions.projection]);
    mountEndpoint(router, rentalEndpoints.freeItems, reads, async (req, res) => {
      const viewer = viewerOf(res);
      if (viewer.userId === null) throw new UnauthenticatedError();
      const id = String(req.params.id);
      const notFound = new NotFoundError(`rental command ${id} not found`);
      if (!uuid.safeParse(id).success) throw notFound;
      const command = await deps.readPool.maybeOne(sql.type(Command)`
        select user_id::text, start_at::text, end_at::text from read.rental_commands where id = ${id}`);
      if (!command || !mayReadRentalCommand(viewer, command.user_id)) throw notFound;
      if (!allows(RENTAL_ADMINS, viewer)) throw new ForbiddenError('The rental desk assigns the items');
      const model = typeof req.query.model === 'string' ? req.query.model : '';
      if (!uuid.safeParse(model).success) throw badParameter('model', 'model must be a rental model id');

      const rows = await deps.readPool.any(sql.type(Item)`
        select i.id::text, i.${sql.identifier([column(items, 'stockId')])} as stock_id, i.unavailabilities,
               c.${sql.identifier([column(conditions, 'name')])} as condition,
               c.${sql.identifier([column(conditions, 'value')])} as condition_value
          from ${sql.identifier(['read', items.table])} i
          left join ${sql.identifier(['read', conditions.table])} c
            on c.id = i.${sql.identifier([column(items, 'condition')])}
         where i.${sql.identifier([column(items, 'rentalModel')])} = ${model} and i.deleted_at is null
           and not exists (
             select 1 from read.rental_command_items ci join read.rental_commands rc on rc.id = ci.command_id
              where i.id = any(ci.item_ids) and not rc.cancelled and not rc.closed
                and rc.start_at < ${command.end_at}::date and ${command.start_at}::date < rc.end_at)
         order by 2, 1`);
      const period = { startAt: command.start_at, endAt: command.end_at };
      const free = rows.filter(
        (row) => !(row.unavailabilities ?? []).some((off) => periodsOverlap(unavailableDays(off), period)),
      );
      sendDocument(res, {
        data: free.map((row) =>
          resourceObject('rental-items', row.id, {
            stockId: row.stock_id,
            condition: row.condition,
            conditionValue: row.condition_value,
          }),
        ),
        meta: { total: free.length, ...consistencyOf(res) },
        links: { self: req.originalUrl },
      });
    });
    return router;
  };
}
