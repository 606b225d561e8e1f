import express from 'express';
import { sql } from '@platform/query-api/db';
import { z } from 'zod/v4';
import { tagColour } from '@platform/contracts/content/tag';
import type { QueryModule } from '@platform/query-api/app';
import {
  listDocument,
  resourceObject,
  sendDocument,
  type ResourceObject,
} from '@platform/query-api/jsonapi/document';
import { parseListQuery } from '@platform/query-api/jsonapi/query';
import { consistencyOf } from '@platform/query-api/min-position';

/**
 * The baseline of the resource bench's includes case (issue 15): the list of bench products with their category
 * (a tag) and their owner (a user) written by hand, as one SQL join for the page and its related rows, beside the
 * count (in parallel, as the hand-written coupon list does), over the same tables and through the same
 * middleware as GET /api/v1/bench-products?include=category,owner. The document has the same data and included
 * resources (a typed row, named columns, documents built field by field). Served at
 * /api/v1/bench-products-by-hand by the bench's platform only.
 */
const TYPE = 'bench-products';
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const JoinedRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.bigint(),
  category_id: z.string().nullable(),
  owner_id: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  deleted_at: z.number().nullable(),
  version: z.bigint(),
  tag_name: z.string().nullable(),
  tag_created_at: z.number().nullable(),
  tag_updated_at: z.number().nullable(),
  tag_version: z.bigint().nullable(),
  user_first_name: z.string().nullable(),
  user_last_name: z.string().nullable(),
});
type JoinedRow = z.infer<typeof JoinedRow>;
const ProductRow = JoinedRow.pick({
  id: true,
  name: true,
  description: true,
  price: true,
  category_id: true,
  owner_id: true,
  created_at: true,
  updated_at: true,
  deleted_at: true,
  version: true,
});
const TagRow = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
  version: z.bigint(),
});
const UserRow = z.object({ id: z.string(), first_name: z.string(), last_name: z.string() });
const Total = z.object({ total: z.number() });
const fields = {
  [TYPE]: ['name', 'description', 'price', 'createdAt', 'updatedAt', 'deletedAt', 'category', 'owner'],
  tags: ['name', 'colour', 'createdAt', 'updatedAt'],
  users: ['firstName', 'lastName'],
};

function product(row: JoinedRow, fieldsQuery: Record<string, string[]>) {
  return resourceObject(
    TYPE,
    row.id,
    {
      name: row.name,
      description: row.description,
      price: Number(row.price),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      deletedAt: iso(row.deleted_at),
    },
    {
      relationships: {
        category: { data: row.category_id ? { type: 'tags', id: row.category_id } : null },
        owner: { data: row.owner_id ? { type: 'users', id: row.owner_id } : null },
      } as never,
      self: `/api/v1/${TYPE}/${row.id}`,
      meta: { version: row.version.toString() },
      fields: fieldsQuery,
    },
  );
}

/** The related records of the page, each once, from the joined columns. */
function includedOf(
  rows: readonly JoinedRow[],
  include: readonly string[],
  fieldsQuery: Record<string, string[]>,
) {
  const included: ResourceObject[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (
      include.includes('category') &&
      row.category_id &&
      row.tag_name !== null &&
      !seen.has(`tags ${row.category_id}`)
    ) {
      seen.add(`tags ${row.category_id}`);
      included.push(
        resourceObject(
          'tags',
          row.category_id,
          {
            name: row.tag_name,
            colour: tagColour(row.category_id),
            createdAt: iso(row.tag_created_at),
            updatedAt: iso(row.tag_updated_at),
          },
          {
            self: `/api/v1/tags/${row.category_id}`,
            meta: { version: String(row.tag_version) },
            fields: fieldsQuery,
          },
        ),
      );
    }
    if (
      include.includes('owner') &&
      row.owner_id &&
      row.user_first_name !== null &&
      !seen.has(`users ${row.owner_id}`)
    ) {
      seen.add(`users ${row.owner_id}`);
      included.push(
        resourceObject(
          'users',
          row.owner_id,
          { firstName: row.user_first_name, lastName: row.user_last_name },
          { fields: fieldsQuery },
        ),
      );
    }
  }
  return included;
}

export const handwrittenProductRoutes: QueryModule = (deps) => {
  const router = express.Router();
  const reads = deps.readAfter(['resource_bench_products', 'resource_tags', 'accounts']);
  router.get('/bench-products-by-hand', reads, async (req, res) => {
    const query = parseListQuery(req.originalUrl, {
      fields,
      include: ['category', 'owner'],
      sort: ['name'],
      defaultSort: [{ field: 'name', direction: 'asc' }],
    });
    const direction = query.sort[0]?.direction === 'desc' ? sql.fragment`desc` : sql.fragment`asc`;
    const [rows, total] = await Promise.all([
      deps.readPool.any(sql.type(JoinedRow)`
        select p.id, p.name, p.description, p.price, p.category_id, p.owner_id, p.created_at, p.updated_at,
               p.deleted_at, p.version,
               t.name as tag_name, t.created_at as tag_created_at, t.updated_at as tag_updated_at,
               t.version as tag_version,
               u.first_name as user_first_name, u.last_name as user_last_name
          from read.bench_products p
          left join read.tags t on t.id = p.category_id
          left join read.users u on u.id = p.owner_id
         where p.deleted_at is null
         order by p.name ${direction}, p.id
         limit ${query.page.size} offset ${query.page.offset}`),
      deps.readPool.oneFirst(
        sql.type(Total)`select count(*)::int as total from read.bench_products where deleted_at is null`,
      ),
    ]);
    const included = query.include.length ? includedOf(rows, query.include, query.fields) : undefined;
    sendDocument(
      res,
      listDocument({
        data: rows.map((r) => product(r, query.fields)),
        ...(included ? { included } : {}),
        total,
        query,
        url: req.originalUrl,
        consistency: consistencyOf(res),
      }),
    );
  });
  // for the diagnosis (diagnose-includes.ts): the same document, hand-written, from the statements the layer sends
  // (the page and the count, then the tags and the users by id), to tell their number from the layer's own work
  router.get('/bench-products-by-hand-in-four', reads, async (req, res) => {
    const query = parseListQuery(req.originalUrl, {
      fields,
      include: ['category', 'owner'],
      sort: ['name'],
      defaultSort: [{ field: 'name', direction: 'asc' }],
    });
    const direction = query.sort[0]?.direction === 'desc' ? sql.fragment`desc` : sql.fragment`asc`;
    const [page, total] = await Promise.all([
      deps.readPool.any(sql.type(ProductRow)`
        select id, name, description, price, category_id, owner_id, created_at, updated_at, deleted_at, version
          from read.bench_products where deleted_at is null
         order by name ${direction}, id limit ${query.page.size} offset ${query.page.offset}`),
      deps.readPool.oneFirst(
        sql.type(Total)`select count(*)::int as total from read.bench_products where deleted_at is null`,
      ),
    ]);
    const ids = (key: 'category_id' | 'owner_id') => [
      ...new Set(page.flatMap((r) => (r[key] ? [r[key]] : []))),
    ];
    const [tags, users] = await Promise.all([
      deps.readPool.any(sql.type(TagRow)`
        select id, name, created_at, updated_at, version from read.tags
         where id = any(${sql.array(ids('category_id'), 'uuid')})`),
      deps.readPool.any(sql.type(UserRow)`
        select id::text, first_name, last_name from read.users where id = any(${sql.array(ids('owner_id'), 'uuid')})`),
    ]);
    const tagOf = new Map(tags.map((t) => [t.id, t]));
    const userOf = new Map(users.map((u) => [u.id, u]));
    const rows: JoinedRow[] = page.map((p) => {
      const tag = p.category_id ? tagOf.get(p.category_id) : undefined;
      const user = p.owner_id ? userOf.get(p.owner_id) : undefined;
      return {
        ...p,
        tag_name: tag?.name ?? null,
        tag_created_at: tag?.created_at ?? null,
        tag_updated_at: tag?.updated_at ?? null,
        tag_version: tag?.version ?? null,
        user_first_name: user?.first_name ?? null,
        user_last_name: user?.last_name ?? null,
      };
    });
    const included = query.include.length ? includedOf(rows, query.include, query.fields) : undefined;
    sendDocument(
      res,
      listDocument({
        data: rows.map((r) => product(r, query.fields)),
        ...(included ? { included } : {}),
        total,
        query,
        url: req.originalUrl,
        consistency: consistencyOf(res),
      }),
    );
  });
  return router;
};
