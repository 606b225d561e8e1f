import express, { type Router } from 'express';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { isAdministrator } from '@platform/contracts/accounts/rules';
import { UnauthenticatedError } from '@platform/contracts/errors';
import { viewerOf } from '@platform/infra/http/viewer';
import { resourceTable } from '@platform/infra/resources/table';
import { couponResource } from '@platform/contracts/coupons/coupon';
import { couponEndpoints } from '@platform/contracts/coupons/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import type { QueryModuleDeps } from '../app.ts';
import { listDocument, resourceObject, sendDocument } from '../jsonapi/document.ts';
import { parseListQuery } from '../jsonapi/query.ts';
import { consistencyOf } from '../min-position.ts';
import { isoTimestamp } from '../jsonapi/sql.ts';

const TYPE = 'purchased-coupons';
const Row = z.object({
  id: z.string(),
  coupon_id: z.string(),
  user_id: z.string(),
  amount: z.bigint().transform(Number),
  used_at: z.number().nullable(),
  created_at: z.number(),
});

/**
 * GET /api/v1/purchased-coupons: a member's own purchases, newest first; administrators see everyone's and may
 * filter by user. Each names its coupon (included with `include=coupon`).
 */
export function couponQueryRoutes(deps: QueryModuleDeps): Router {
  const router = express.Router();
  const reads = deps.readAfter([resourceTable(couponResource).projection]);
  const listSpec = {
    include: ['coupon'],
    filters: { user: z.string().min(1).max(64), coupon: z.string().uuid() },
    fields: { [TYPE]: ['amount', 'usedAt', 'createdAt', 'coupon', 'user'] },
  };
  mountEndpoint(router, couponEndpoints.purchases, reads, async (req, res) => {
    const viewer = viewerOf(res);
    if (viewer.userId === null) throw new UnauthenticatedError();
    const query = parseListQuery(req.originalUrl, listSpec);
    const user = isAdministrator(viewer) ? query.filter.user : viewer.userId;
    const conditions = [
      ...(user !== undefined ? [sql.fragment`user_id = ${user}`] : []),
      ...(query.filter.coupon !== undefined ? [sql.fragment`coupon_id = ${query.filter.coupon}`] : []),
    ];
    const where = conditions.length ? sql.join(conditions, sql.fragment` and `) : sql.fragment`true`;
    const rows = await deps.readPool.any(sql.type(Row)`
      select id::text, coupon_id::text, user_id, amount, used_at, created_at from read.purchased_coupons
       where ${where} order by created_at desc, id limit ${query.page.size} offset ${query.page.offset}`);
    const total = await deps.readPool.oneFirst(sql.type(z.object({ total: z.number() }))`
      select count(*)::int as total from read.purchased_coupons where ${where}`);
    const couponIds = [...new Set(rows.map((r) => r.coupon_id))];
    const coupons =
      query.include.includes('coupon') && couponIds.length
        ? await deps.readPool.any(sql.type(
            z.object({ id: z.string(), name: z.string(), amount: z.bigint() }),
          )`
            select id::text, name, amount from read.coupons where id = any(${sql.array(couponIds, 'uuid')})`)
        : [];
    sendDocument(
      res,
      listDocument({
        data: rows.map((r) =>
          resourceObject(
            TYPE,
            r.id,
            { amount: r.amount, usedAt: isoTimestamp(r.used_at), createdAt: isoTimestamp(r.created_at) },
            {
              relationships: {
                coupon: { data: { type: 'coupons', id: r.coupon_id } },
                user: { data: { type: 'users', id: r.user_id } },
              },
              fields: query.fields,
            },
          ),
        ),
        included: coupons.map((c) =>
          resourceObject('coupons', c.id, { name: c.name, amount: Number(c.amount) }),
        ),
        total,
        query,
        url: req.originalUrl,
        consistency: consistencyOf(res),
      }),
    );
  });
  return router;
}
