import type { Router } from 'express';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import type { ResourceDefinition } from '@platform/contracts/resources/definition';
import { likesEndpoint } from '@platform/contracts/resources/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { viewerOf } from '@platform/infra/http/viewer';
import type { QueryModuleDeps } from '../app.ts';
import { listDocument, resourceObject, sendDocument, type ResourceObject } from '../jsonapi/document.ts';
import { parseListQuery, type FilterSchema } from '../jsonapi/query.ts';
import { isoTimestamp } from '../jsonapi/sql.ts';
import { consistencyOf } from '../min-position.ts';
import { IncludedRow, includedRowOf, type Reader } from './reader.ts';

const LikeRow = z.object({
  id: z.string(),
  record_type: z.string(),
  record_id: z.string(),
  liked_at: z.number(),
});

/**
 * GET /likes: the signed-in member's likes, newest first (seed 000: /account/profile/likes), each with the liked
 * record as a relationship; `include=record` adds the records the member can still read, whatever their type.
 * With the likes feature off (FEATURE_LIKES=false) it answers 404, as the like routes do.
 */
export function mountLikes(
  router: Router,
  catalogue: readonly ResourceDefinition[],
  deps: QueryModuleDeps,
  readers: Map<string, Reader>,
  options: { enabled?: boolean } = {},
): void {
  if (options.enabled === false) {
    mountEndpoint(router, likesEndpoint, () => {
      throw new NotFoundError('No route for this call');
    });
    return;
  }
  // mounted whatever the catalogue holds: a member with nothing likable yet has an empty list, not a 404
  const likable = catalogue.filter((d) => d.traits.likable);
  const types = likable.map((d) => d.type);
  const spec = {
    include: ['record'],
    fields: {
      likes: ['likedAt', 'record'],
      ...Object.fromEntries(likable.map((d) => [d.type, readers.get(d.type)!.fieldNames])),
    },
    filters: {
      recordType: (types.length
        ? z.enum(types as [string, ...string[]])
        : z.never()) as unknown as FilterSchema,
    },
  };
  const reads = deps.readAfter(['likes', ...likable.map((d) => readers.get(d.type)!.projection)]);
  mountEndpoint(router, likesEndpoint, reads, async (req, res) => {
    const viewer = viewerOf(res);
    if (viewer.userId === null) throw new UnauthenticatedError();
    const query = parseListQuery(req.originalUrl, spec);
    const type = query.filter.recordType as string | undefined;
    const where = sql.fragment`user_id = ${viewer.userId} and record_type = any(${sql.array(
      type ? [type] : types,
      'text',
    )})`;
    const rows = await deps.readPool.any(sql.type(LikeRow)`
      select id::text, record_type, record_id, liked_at from read.likes where ${where}
      order by liked_at desc, id limit ${query.page.size} offset ${query.page.offset}`);
    const total = await deps.readPool.oneFirst(sql.type(z.object({ total: z.number() }))`
      select count(*)::int as total from read.likes where ${where}`);
    let included: ResourceObject[] | undefined;
    if (query.include.includes('record')) {
      const selects = likable.flatMap((d) => {
        const ids = rows.filter((r) => r.record_type === d.type).map((r) => r.record_id);
        return ids.length ? (readers.get(d.type)!.selectByIds(ids, res) ?? []) : [];
      });
      const found = selects.length
        ? await deps.readPool.any(sql.type(IncludedRow)`${sql.join(selects, sql.fragment` union all `)}`)
        : [];
      included = found.map(({ type: t, row, extra }) =>
        readers.get(t)!.toResource(includedRowOf(row, extra), res, query.fields),
      );
    }
    sendDocument(
      res,
      listDocument({
        data: rows.map((row) =>
          resourceObject(
            'likes',
            row.id,
            { likedAt: isoTimestamp(row.liked_at) },
            {
              relationships: { record: { data: { type: row.record_type, id: row.record_id } } },
              fields: query.fields,
            },
          ),
        ),
        ...(included ? { included } : {}),
        total,
        query,
        url: req.originalUrl,
        consistency: consistencyOf(res),
      }),
    );
  });
}
