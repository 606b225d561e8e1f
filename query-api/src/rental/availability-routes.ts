import express, { type Router } from 'express';
import { sql } from 'slonik';
import { z } from 'zod';
import { ValidationError, type ErrorIssue } from '@platform/contracts/errors';
import { freeUnits, holdCounts, unavailableDays } from '@platform/contracts/rental/calendar';
import { RentalDateSchema } from '@platform/contracts/rental/period';
import { JSON_API_MEDIA_TYPE } from '@platform/infra/http/errors';
import type { QueryModuleDeps } from '../app.ts';
import { consistencyOf } from '../min-position.ts';

const MAX_MODELS = 100;
const uuid = z.string().uuid();

const Hold = z.object({
  hold_id: z.string(),
  model_id: z.string(),
  quantity: z.number(),
  start_at: z.string(),
  end_at: z.string(),
  expires_at: z.number().nullable(),
});
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
  router.get('/services/rentals/availability', reads, async (req, res) => {
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
    const [holds, items] = await Promise.all([
      deps.readPool.any(sql.type(Hold)`
        select hold_id::text, model_id::text, quantity, to_char(start_at, 'YYYY-MM-DD') as start_at,
          to_char(end_at, 'YYYY-MM-DD') as end_at, expires_at
        from read.rental_holds
        where model_id = any(${sql.array(models, 'uuid')}) and end_at > ${startAt}::date and start_at < ${endAt}::date
          and (expires_at is null or expires_at > ${now.toISOString()}::timestamptz)`),
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
      const counting = holds
        .filter((hold) => hold.model_id === modelId)
        .map((hold) => ({
          holdId: hold.hold_id,
          bookingId: '',
          userId: '',
          quantity: hold.quantity,
          startAt: hold.start_at,
          endAt: hold.end_at,
          expiresAt: hold.expires_at === null ? null : new Date(hold.expires_at).toISOString(),
        }))
        .filter((hold) => holdCounts(hold, now));
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
