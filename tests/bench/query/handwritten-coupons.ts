import express from 'express';
import { sql } from '@platform/query-api/db';
import { z } from 'zod/v4';
import { NotFoundError } from '@platform/contracts/errors';
import type { QueryModule } from '@platform/query-api/app';
import {
  listDocument,
  resourceObject,
  sendDocument,
  singleDocument,
} from '@platform/query-api/jsonapi/document';
import { parseListQuery, parseResourceQuery } from '@platform/query-api/jsonapi/query';
import { consistencyOf } from '@platform/query-api/min-position';

/**
 * The baseline of the resource bench: the coupons list and find written by hand the way the first modules were
 * (a typed row, named columns, a document built field by field), over the same `read.coupons` table and through
 * the same middleware as the generic routes. Served at /api/v1/bench-coupons by the bench's platform only.
 */
const TYPE = 'coupons';
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const CouponRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  amount: z.bigint(),
  purchase_limit_count: z.bigint().nullable(),
  purchase_individual_limit_count: z.bigint().nullable(),
  purchase_limit_at: z.number().nullable(),
  purchased_coupons_count: z.bigint().nullable(),
  first_purchase_at: z.number().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  deleted_at: z.number().nullable(),
  version: z.bigint(),
});
type CouponRow = z.infer<typeof CouponRow>;
const Total = z.object({ total: z.number() });
const uuid = z.string().uuid();
const fields = { [TYPE]: ['name', 'description', 'amount'] };
const columns = sql.fragment`id, name, description, amount, purchase_limit_count, purchase_individual_limit_count,
  purchase_limit_at, purchased_coupons_count, first_purchase_at, created_at, updated_at, deleted_at, version`;
const num = (v: bigint | null) => (v === null ? null : Number(v));

function resource(row: CouponRow, fieldsQuery: Record<string, string[]>) {
  return resourceObject(
    TYPE,
    row.id,
    {
      name: row.name,
      description: row.description,
      amount: Number(row.amount),
      purchaseLimitCount: num(row.purchase_limit_count),
      purchaseIndividualLimitCount: num(row.purchase_individual_limit_count),
      purchaseLimitAt: iso(row.purchase_limit_at),
      purchasedCouponsCount: num(row.purchased_coupons_count),
      firstPurchaseAt: iso(row.first_purchase_at),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      deletedAt: iso(row.deleted_at),
    },
    { self: `/api/v1/${TYPE}/${row.id}`, meta: { version: row.version.toString() }, fields: fieldsQuery },
  );
}

export const handwrittenCouponRoutes: QueryModule = (deps) => {
  const router = express.Router();
  const reads = deps.readAfter(['resource_coupons']);
  router.get('/bench-coupons', reads, async (req, res) => {
    const query = parseListQuery(req.originalUrl, {
      fields,
      sort: ['name'],
      defaultSort: [{ field: 'name', direction: 'asc' }],
    });
    const [rows, total] = await Promise.all([
      deps.readPool.any(sql.type(CouponRow)`
        select ${columns} from read.coupons where deleted_at is null
         order by name, id limit ${query.page.size} offset ${query.page.offset}`),
      deps.readPool.oneFirst(
        sql.type(Total)`select count(*)::int as total from read.coupons where deleted_at is null`,
      ),
    ]);
    sendDocument(
      res,
      listDocument({
        data: rows.map((r) => resource(r, query.fields)),
        total,
        query,
        url: req.originalUrl,
        consistency: consistencyOf(res),
      }),
    );
  });
  router.get('/bench-coupons/:id', reads, async (req, res) => {
    const id = String(req.params.id);
    const query = parseResourceQuery(req.originalUrl, { fields });
    const row = uuid.safeParse(id).success
      ? await deps.readPool.maybeOne(
          sql.type(CouponRow)`select ${columns} from read.coupons where id = ${id} and deleted_at is null`,
        )
      : null;
    if (!row) throw new NotFoundError(`coupon ${id} not found`);
    sendDocument(
      res,
      singleDocument({
        data: resource(row, query.fields),
        url: req.originalUrl,
        consistency: consistencyOf(res),
      }),
    );
  });
  return router;
};
