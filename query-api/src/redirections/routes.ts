import express, { type Router } from 'express';
import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { NotFoundError } from '@platform/contracts/errors';
import { normalisePath } from '@platform/contracts/paths';
import type { QueryModuleDeps } from '../app.ts';
import { listDocument, resourceObject, sendDocument, singleDocument } from '../jsonapi/document.ts';
import { parseListQuery, parseResourceQuery, type SortField } from '../jsonapi/query.ts';
import { consistencyOf } from '../min-position.ts';

const TYPE = 'app-redirections';
const uuid = z.string().uuid();
const timestamp = z.number().transform((ms) => new Date(ms).toISOString());

const RedirectionRow = z.object({
  id: z.string(),
  name: z.string().nullable(),
  display_name: z.string(),
  from_path: z.string(),
  to_path: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
  version: z.bigint(),
});
type RedirectionRow = z.infer<typeof RedirectionRow>;

const SORTABLE: Record<string, string> = {
  name: 'display_name',
  fromPath: 'from_path',
  toPath: 'to_path',
  createdAt: 'created_at',
};
const fields = { [TYPE]: ['name', 'displayName', 'fromPath', 'toPath', 'createdAt', 'updatedAt'] };
const listSpec = {
  fields,
  sort: Object.keys(SORTABLE),
  defaultSort: [{ field: 'fromPath', direction: 'asc' } as const],
  filters: {
    fromPath: z.string().max(2048).transform(normalisePath),
    toPath: z.string().max(2048),
  },
};

function resource(row: RedirectionRow, query: { fields: Record<string, string[]> }) {
  return resourceObject(
    TYPE,
    row.id,
    {
      name: row.name,
      displayName: row.display_name,
      fromPath: row.from_path,
      toPath: row.to_path,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
    { self: `/api/v1/${TYPE}/${row.id}`, meta: { version: row.version.toString() }, fields: query.fields },
  );
}

function orderBy(sort: readonly SortField[]): FragmentSqlToken {
  const terms = sort.map(
    (s) =>
      sql.fragment`${sql.identifier([SORTABLE[s.field]!])} ${s.direction === 'desc' ? sql.fragment`desc` : sql.fragment`asc`}`,
  );
  return sql.fragment`${sql.join([...terms, sql.fragment`id`], sql.fragment`, `)}`;
}

/** The app-redirections resources (list and find). Redirections are public: the route resolver follows them. */
export function redirectionQueryRoutes(deps: QueryModuleDeps): Router {
  const router = express.Router();
  const reads = deps.readAfter(['redirections']);
  const columns = sql.fragment`id, name, display_name, from_path, to_path, created_at, updated_at, version`;

  router.get(`/${TYPE}`, reads, async (req, res) => {
    const query = parseListQuery(req.originalUrl, listSpec);
    const conditions: FragmentSqlToken[] = [sql.fragment`true`];
    if (query.filter.fromPath !== undefined)
      conditions.push(sql.fragment`from_path = ${query.filter.fromPath}`);
    if (query.filter.toPath !== undefined) conditions.push(sql.fragment`to_path = ${query.filter.toPath}`);
    const where = sql.fragment`${sql.join(conditions, sql.fragment` and `)}`;
    const rows = await deps.readPool.any(sql.type(RedirectionRow)`
      select ${columns} from read.app_redirections where ${where}
       order by ${orderBy(query.sort)} limit ${query.page.size} offset ${query.page.offset}`);
    const total = await deps.readPool.oneFirst(sql.type(z.object({ total: z.number() }))`
      select count(*)::int as total from read.app_redirections where ${where}`);
    const data = rows.map((r) => resource(r, query));
    sendDocument(
      res,
      listDocument({ data, total, query, url: req.originalUrl, consistency: consistencyOf(res) }),
    );
  });

  router.get(`/${TYPE}/:id`, reads, async (req, res) => {
    const id = String(req.params.id);
    const query = parseResourceQuery(req.originalUrl, { fields });
    const row = uuid.safeParse(id).success
      ? await deps.readPool.maybeOne(
          sql.type(RedirectionRow)`select ${columns} from read.app_redirections where id = ${id}`,
        )
      : null;
    if (!row) throw new NotFoundError(`app-redirection ${id} not found`);
    sendDocument(
      res,
      singleDocument({ data: resource(row, query), url: req.originalUrl, consistency: consistencyOf(res) }),
    );
  });

  return router;
}
