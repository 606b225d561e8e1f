import express from 'express';
import { sql } from '@platform/query-api/db';
import { z } from 'zod/v4';
import { NotFoundError } from '@platform/contracts/errors';
import { viewerOf } from '@platform/infra/http/viewer';
import type { Projection } from '@platform/projectors/projection';
import type { QueryModule } from '@platform/query-api/app';
import {
  listDocument,
  resourceObject,
  sendDocument,
  singleDocument,
} from '@platform/query-api/jsonapi/document';
import { parseListQuery, parseResourceQuery } from '@platform/query-api/jsonapi/query';
import { orderBy } from '@platform/query-api/jsonapi/sql';
import { consistencyOf } from '@platform/query-api/min-position';
import { visibilityClause } from '@platform/query-api/visibility';

/**
 * The read side of the test counter (./decider.ts), for the query-api tests: a projection (counters whose id starts
 * with "private" require sign-in) and a query module written the way real ones are.
 */
export const counterProjection: Projection = {
  name: 'counters',
  version: 1,
  eventTypes: ['CounterIncremented', 'CounterReset'],
  tables: ['counter_values'],
  async setup(tx) {
    await tx`create table counter_values (
      id text primary key, value int not null default 0, requires_auth boolean not null,
      access_level_weight int, roles text[] not null default '{}', deleted_at timestamptz)`;
  },
  async apply(tx, event) {
    const id = event.streamId.slice('counter-'.length);
    const by = event.type === 'CounterIncremented' ? (event.data as { by: number }).by : 0;
    await tx`insert into counter_values (id, value, requires_auth) values (${id}, ${by}, ${id.startsWith('private')})
             on conflict (id) do update set value = case when ${event.type} = 'CounterReset' then 0
                                                        else counter_values.value + ${by} end`;
  },
};

const CounterRow = z.object({ id: z.string(), value: z.number().int() });
const listSpec = {
  sort: ['id', 'value'],
  defaultSort: [{ field: 'id', direction: 'asc' }],
  filters: { minValue: z.string().regex(/^\d+$/, 'must be a non-negative integer').transform(Number) },
  fields: { counters: ['value'] },
} as const;

export const counterReads: QueryModule = (deps) => {
  const router = express.Router();
  const reads = deps.readAfter(['counters']);

  router.get('/counters', reads, async (req, res) => {
    const query = parseListQuery(req.originalUrl, listSpec);
    const where = sql.fragment`${visibilityClause(viewerOf(res))} and value >= ${query.filter.minValue ?? 0}`;
    const rows = await deps.readPool.any(sql.type(CounterRow)`
      select id, value from read.counter_values where ${where}
       order by ${orderBy(query.sort)} limit ${query.page.size} offset ${query.page.offset}`);
    const total = await deps.readPool.oneFirst(sql.type(z.object({ total: z.number() }))`
      select count(*)::int as total from read.counter_values where ${where}`);
    const data = rows.map((r) =>
      resourceObject('counters', r.id, { value: r.value }, { fields: query.fields }),
    );
    sendDocument(
      res,
      listDocument({ data, total, query, url: req.originalUrl, consistency: consistencyOf(res) }),
    );
  });

  router.get('/counters/:id', reads, async (req, res) => {
    const query = parseResourceQuery(req.originalUrl, listSpec);
    const id = String(req.params.id);
    const row = await deps.readPool.maybeOne(sql.type(CounterRow)`
      select id, value from read.counter_values where id = ${id} and ${visibilityClause(viewerOf(res))}`);
    if (!row) throw new NotFoundError(`No counter ${id}`);
    const data = resourceObject('counters', row.id, { value: row.value }, { fields: query.fields });
    sendDocument(res, singleDocument({ data, url: req.originalUrl, consistency: consistencyOf(res) }));
  });

  // a read whose schema does not match its rows: must be a 500, never a silently wrong answer
  router.get('/counters-drifted', async (_req, res) => {
    const rows = await deps.readPool.any(
      sql.type(z.object({ id: z.number() }))`select id from read.counter_values`,
    );
    sendDocument(res, { data: rows });
  });
  return router;
};
