import express, { type Response, type Router } from 'express';
import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { NotFoundError } from '@platform/contracts/errors';
import type { ResourceAction } from '@platform/contracts/resources/access';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import type { FieldInfo } from '@platform/contracts/resources/fields';
import { requireAllowed, viewerOf } from '@platform/infra/http/viewer';
import { resourceTable } from '@platform/infra/resources/table';
import type { QueryModule, QueryModuleDeps } from '../app.ts';
import { listDocument, resourceObject, sendDocument, singleDocument } from '../jsonapi/document.ts';
import { badParameter, parseListQuery, parseResourceQuery, type FilterSchema } from '../jsonapi/query.ts';
import { consistencyOf } from '../min-position.ts';

const uuid = z.string().uuid();
const Row = z.record(z.unknown());
type Row = z.infer<typeof Row>;

const authorize = (definition: ResourceDefinition, action: ResourceAction, res: Response) =>
  requireAllowed(res, definition.access[action], `${definition.singular}: ${action}`);

/** A filter value arrives as text; it is read as the attribute's kind (`null` for an empty nullable one). */
function filterSchema(field: FieldInfo): FilterSchema {
  const typed = typedFilter(field);
  if (!field.nullable || field.kind === 'text' || field.kind === 'longText') return typed;
  return z.union([z.literal('null').transform(() => null), typed]) as unknown as FilterSchema;
}

function typedFilter(field: FieldInfo): FilterSchema {
  switch (field.kind) {
    case 'boolean':
      return z.enum(['true', 'false']).transform((v) => v === 'true');
    case 'integer':
      return z
        .string()
        .regex(/^-?\d{1,15}$/)
        .transform(Number);
    case 'number':
      return z
        .string()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number);
    case 'enum':
      return z.enum(field.enumValues as [string, ...string[]]);
    case 'datetime':
      return z
        .string()
        .datetime({ offset: true })
        .transform((v) => new Date(v).toISOString());
    default:
      return z.string().max(2048);
  }
}

const iso = (value: unknown) => (typeof value === 'number' ? new Date(value).toISOString() : (value ?? null));

/**
 * The read side of every resource of the catalogue: list (filters, search, sorts, pages, the soft-deleted view
 * for administrators) and find, filtered in SQL. Their history is served by history/routes.ts.
 */
export function resourceQueryRoutes(catalogue: readonly ResourceDefinition[]): QueryModule {
  return (deps: QueryModuleDeps): Router => {
    const router = express.Router();
    for (const definition of catalogue) mount(router, definition, deps);
    return router;
  };
}

function mount(router: Router, definition: ResourceDefinition, deps: QueryModuleDeps): void {
  const { type } = definition;
  const shape = resourceTable(definition);
  const table = sql.identifier(['read', shape.table]);
  const attributeNames = shape.attributes.map((a) => a.name);
  const relationshipNames = shape.relationships.map((r) => r.name);
  const meta = ['createdAt', 'updatedAt', ...(definition.softDeletable ? ['deletedAt'] : [])];
  const computedNames = [...shape.computed.map((c) => c.name), ...Object.keys(definition.derived)];
  const fields = { [type]: [...attributeNames, ...computedNames, ...meta, ...relationshipNames] };
  const columnOf = new Map<string, string>([
    ...shape.attributes.map((a) => [a.name, a.column] as const),
    ['createdAt', 'created_at'],
    ['updatedAt', 'updated_at'],
  ]);
  const filters: Record<string, FilterSchema> = { search: z.string().trim().min(1).max(200) };
  for (const name of definition.filters)
    filters[name] = filterSchema(shape.attributes.find((a) => a.name === name)!);
  if (definition.softDeletable) filters.trashed = z.enum(['with', 'only']);
  const listSpec = {
    fields,
    filters,
    sort: [...definition.sorts, 'createdAt', 'updatedAt'],
    defaultSort: [definition.defaultSort],
  };
  const reads = deps.readAfter([shape.projection]);
  const ownerColumn = definition.ownedBy
    ? (shape.relationships.find((r) => r.name === definition.ownedBy)?.column ?? null)
    : null;
  const owner = ownerColumn ? sql.identifier([ownerColumn]) : null;
  const isDatetime = new Set(
    [...shape.attributes, ...shape.computed].filter((a) => a.kind === 'datetime').map((a) => a.name),
  );

  const resource = (row: Row, fieldsQuery: Record<string, string[]>) => {
    const attributes: Record<string, unknown> = {};
    for (const a of [...shape.attributes, ...shape.computed]) {
      const value = row[a.column];
      attributes[a.name] = isDatetime.has(a.name)
        ? iso(value)
        : typeof value === 'bigint'
          ? Number(value)
          : (value ?? null);
    }
    for (const [name, derive] of Object.entries(definition.derived)) attributes[name] = derive(attributes);
    attributes.createdAt = iso(row.created_at);
    attributes.updatedAt = iso(row.updated_at);
    if (definition.softDeletable) attributes.deletedAt = iso(row.deleted_at);
    const relationships = Object.fromEntries(
      shape.relationships.map((r) => {
        const value = row[r.column];
        const data = r.many
          ? ((value as string[] | null) ?? []).map((id) => ({ type: r.type, id }))
          : value
            ? { type: r.type, id: value as string }
            : null;
        return [r.name, { data }];
      }),
    );
    return resourceObject(type, String(row.id), attributes, {
      relationships,
      self: `/api/v1/${type}/${String(row.id)}`,
      // a fixed row nobody changed has no stream yet, so no version to send back as If-Match
      meta: row.version === null ? {} : { version: String(row.version) },
      fields: fieldsQuery,
    });
  };

  router.get(`/${type}`, reads, async (req, res) => {
    authorize(definition, 'index', res);
    const query = parseListQuery(req.originalUrl, listSpec);
    const viewer = viewerOf(res);
    const conditions: FragmentSqlToken[] = [];
    const filter = query.filter as Record<string, unknown>;
    const trashed = filter.trashed as 'with' | 'only' | undefined;
    if (trashed && !viewer.isAdmin)
      throw badParameter('filter[trashed]', 'Only administrators see soft-deleted records');
    if (definition.softDeletable) {
      if (trashed === 'only') conditions.push(sql.fragment`deleted_at is not null`);
      else if (trashed !== 'with') conditions.push(sql.fragment`deleted_at is null`);
    }
    for (const name of definition.filters) {
      const value = filter[name];
      if (value === undefined) continue;
      const column = sql.identifier([columnOf.get(name)!]);
      conditions.push(
        value === null ? sql.fragment`${column} is null` : sql.fragment`${column} = ${value as string}`,
      );
    }
    if (owner && !viewer.isAdmin) conditions.push(sql.fragment`${owner} = ${viewer.userId}`);
    if (typeof filter.search === 'string' && definition.search.length) {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const terms = definition.search.map(
        (name) => sql.fragment`${sql.identifier([columnOf.get(name)!])} ilike ${pattern}`,
      );
      conditions.push(sql.fragment`(${sql.join(terms, sql.fragment` or `)})`);
    }
    const where = conditions.length ? sql.join(conditions, sql.fragment` and `) : sql.fragment`true`;
    const { first, last } = definition.fixedRows;
    const order = sql.join(
      [
        // fixed rows that open or close every list, whatever its sort (the job "other" is listed last)
        ...(first.length ? [sql.fragment`(id = any(${sql.array([...first], 'text')})) desc`] : []),
        ...(last.length ? [sql.fragment`(id = any(${sql.array([...last], 'text')})) asc`] : []),
        ...query.sort.map(
          (s) =>
            sql.fragment`${sql.identifier([columnOf.get(s.field)!])} ${s.direction === 'desc' ? sql.fragment`desc` : sql.fragment`asc`}`,
        ),
        sql.fragment`id`,
      ],
      sql.fragment`, `,
    );
    const rows = await deps.readPool.any(sql.type(Row)`
      select * from ${table} where ${where} order by ${order} limit ${query.page.size} offset ${query.page.offset}`);
    const total = await deps.readPool.oneFirst(sql.type(z.object({ total: z.number() }))`
      select count(*)::int as total from ${table} where ${where}`);
    sendDocument(
      res,
      listDocument({
        data: rows.map((row) => resource(row, query.fields)),
        total,
        query,
        url: req.originalUrl,
        consistency: consistencyOf(res),
      }),
    );
  });

  const findRow = async (id: string, res: Response): Promise<Row> => {
    const viewer = viewerOf(res);
    const row = definition.idSchema.safeParse(id).success
      ? await deps.readPool.maybeOne(sql.type(Row)`select * from ${table} where id = ${id}`)
      : null;
    // a soft-deleted record is not found but by administrators (seed 001 §6, §8), nor another member's own record
    const hidden =
      !viewer.isAdmin &&
      (row?.deleted_at != null || (ownerColumn !== null && row?.[ownerColumn] !== viewer.userId));
    if (!row || hidden) throw new NotFoundError(`${definition.singular} ${id} not found`);
    return row;
  };

  router.get(`/${type}/:id`, reads, async (req, res) => {
    authorize(definition, 'show', res);
    const query = parseResourceQuery(req.originalUrl, { fields });
    const row = await findRow(String(req.params.id), res);
    sendDocument(
      res,
      singleDocument({
        data: resource(row, query.fields),
        url: req.originalUrl,
        consistency: consistencyOf(res),
      }),
    );
  });
}

/**
 * GET /api/v1/services/publishables/{pluralType}/{id}: whether the record exists at all, so that the web can
 * tell "not found" from "not allowed" after a 404 or 403 (seed 000 §6, 001 §7). A soft-deleted record exists
 * for administrators only.
 */
export function publishableRoutes(catalogue: readonly ResourceDefinition[]): QueryModule {
  const tables = new Map<string, { table: string; softDeletable: boolean; idSchema: z.ZodType<string> }>([
    ['app-pages', { table: 'app_pages', softDeletable: false, idSchema: uuid }],
    ...catalogue.map(
      (d) =>
        [
          d.type,
          { table: resourceTable(d).table, softDeletable: d.softDeletable, idSchema: d.idSchema },
        ] as const,
    ),
  ]);
  return (deps) => {
    const router = express.Router();
    router.get('/services/publishables/:type/:id', async (req, res) => {
      const known = tables.get(String(req.params.type));
      if (!known) throw new NotFoundError(`Unknown type ${String(req.params.type)}`);
      const id = String(req.params.id);
      let exists = false;
      if (known.idSchema.safeParse(id).success) {
        const hidden =
          known.softDeletable && !viewerOf(res).isAdmin
            ? sql.fragment`and deleted_at is null`
            : sql.fragment``;
        exists = await deps.readPool.exists(
          sql.type(
            z.object({}),
          )`select 1 from ${sql.identifier(['read', known.table])} where id = ${id} ${hidden}`,
        );
      }
      sendDocument(res, { data: { type: String(req.params.type), id, exists }, meta: {} });
    });
    return router;
  };
}
