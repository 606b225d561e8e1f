import express, { type Router } from 'express';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { ValidationError, type ErrorIssue } from '@platform/contracts/errors';
import { freeUnits, unavailableDays } from '@platform/contracts/rental/calendar';
import { addDays, RentalDateSchema } from '@platform/contracts/rental/period';
import { rentalEndpoints } from '@platform/contracts/rental/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { JSON_API_MEDIA_TYPE } from '@platform/infra/http/errors';
import type { QueryModuleDeps } from '../app.ts';
import { consistencyOf } from '../min-position.ts';

const MAX_MODELS = 100;
const uuid = z.string().uuid();

/** the units held on one day of the period, summed over a model's holds that still count */
const HeldDay = z.object({ model_id: z.string(), day: z.string(), held: z.number() });
const Item = z.object({
  id: z.string(),
  model_id: z.string(),
  unavailabilities: z.array(z.object({ startAt: z.string(), endAt: z.string() })).nullable(),
});

/**
 * GET /api/v1/services/rentals/availability?startAt=YYYY-MM-DD&endAt=YYYY-MM-DD&models=<id>,<id>: for each model,
 * how many of its units are free over the whole period and how many it has. Holds that lapsed count for nothing:
 * the answer is computed at the time it is read, as the calendar's decider does (ADR 0028). Public: a visitor sees
 * availability before signing in.
 */
export function rentalAvailabilityRoutes(deps: QueryModuleDeps): Router {
  const router = express.Router();
  const reads = deps.readAfter(['rental_holds', 'resource_rental_items', 'resource_rental_models']);
  mountEndpoint(router, rentalEndpoints.availability, reads, async (req, res) => {
    const issues: ErrorIssue[] = [];
    const param = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : '');
    const startAt = param('startAt');
    const endAt = param('endAt');
    for (const [name, value] of [
      ['startAt', startAt],
      ['endAt', endAt],
    ] as const)
      if (!RentalDateSchema.safeParse(value).success)
        issues.push({
          code: 'validation.invalid',
          detail: 'A date such as 2027-03-01 is required',
          parameter: name,
        });
    if (issues.length === 0 && endAt <= startAt)
      issues.push({
        code: 'validation.invalid',
        detail: 'endAt must come after startAt',
        parameter: 'endAt',
      });
    const models = [...new Set(param('models').split(',').filter(Boolean))];
    if (
      models.length === 0 ||
      models.length > MAX_MODELS ||
      !models.every((id) => uuid.safeParse(id).success)
    )
      issues.push({
        code: 'validation.invalid',
        detail: `Between 1 and ${MAX_MODELS} rental model ids, separated by commas`,
        parameter: 'models',
      });
    if (issues.length > 0) throw new ValidationError(issues);

    const period = { startAt, endAt };
    const now = deps.clock();
    const [heldDays, items] = await Promise.all([
      // per day: the units commands keep (summed by the projection, at most one row per day of the period) and
      // those of the bookings whose holds have not lapsed (few: each lapses within minutes)
      deps.readPool.any(sql.type(HeldDay)`
        select model_id, to_char(day, 'YYYY-MM-DD') as day, sum(held)::int as held from (
          select k.model_id::text, k.day, k.held from read.rental_kept_days k
          where k.model_id = any(${sql.array(models, 'uuid')}) and k.day >= ${startAt}::date and k.day < ${endAt}::date
          union all
          select h.model_id::text, d::date, h.quantity from read.rental_holds h
          cross join lateral generate_series(greatest(h.start_at, ${startAt}::date),
            least(h.end_at, ${endAt}::date) - 1, interval '1 day') d
          where h.model_id = any(${sql.array(models, 'uuid')}) and h.expires_at > ${now.toISOString()}::timestamptz
            and h.end_at > ${startAt}::date and h.start_at < ${endAt}::date
        ) held group by model_id, day`),
      deps.readPool.any(sql.type(Item)`
        select i.id::text, i.rental_model_id::text as model_id, i.unavailabilities
        from read.rental_items i join read.rental_models m on m.id = i.rental_model_id
        where i.rental_model_id = any(${sql.array(models, 'uuid')}) and i.deleted_at is null
          and m.deleted_at is null and m.published_at is not null and m.published_at <= now()`),
    ]);
    const data = models.map((modelId) => {
      const own = items
        .filter((item) => item.model_id === modelId)
        .map((item) => ({
          itemId: item.id,
          unavailabilities: (item.unavailabilities ?? []).map(unavailableDays),
        }));
      // each day's units held, as a one-day hold: what freeUnits counts
      const counting = heldDays
        .filter((row) => row.model_id === modelId)
        .map((row) => ({
          holdId: row.day,
          bookingId: '',
          userId: '',
          quantity: row.held,
          startAt: row.day,
          endAt: addDays(row.day, 1),
          expiresAt: null,
        }));
      return {
        type: 'rental-availabilities',
        id: modelId,
        attributes: { startAt, endAt, free: freeUnits(own, counting, period, now), items: own.length },
      };
    });
    res
      .type(JSON_API_MEDIA_TYPE)
      .setHeader('Cache-Control', 'no-store')
      .send(JSON.stringify({ data, meta: consistencyOf(res) }));
  });
  return router;
}
