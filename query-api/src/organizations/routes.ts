import express from 'express';
import { sql, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import type { AccountFeatures } from '@platform/contracts/accounts/features';
import { isAdministrator } from '@platform/contracts/accounts/rules';
import { AccessLevelSchema } from '@platform/contracts/enums';
import { NotFoundError } from '@platform/contracts/errors';
import { viewerOf } from '@platform/infra/http/viewer';
import type { QueryModule } from '../app.ts';
import { listDocument, sendDocument, singleDocument, type ResourceObject } from '../jsonapi/document.ts';
import { parseListQuery, parseResourceQuery } from '../jsonapi/query.ts';
import { orderBy } from '../jsonapi/sql.ts';
import { consistencyOf } from '../min-position.ts';
import { referenceItem, referenceResource } from '../accounts/reference-routes.ts';
import {
  ORGANIZATION_COLUMNS,
  ORGANIZATION_FIELDS,
  ORGANIZATION_TYPE,
  OrganizationRow,
  organizationResource,
} from './documents.ts';

const uuid = z.string().uuid();
const fields = { [ORGANIZATION_TYPE]: ORGANIZATION_FIELDS, 'access-levels': ['name', 'weight'] };
const SORTABLE: Record<string, string> = { name: 'name', slug: 'slug', createdAt: 'created_at' };
const listSpec = {
  include: ['accessLevel'],
  fields,
  sort: Object.keys(SORTABLE),
  defaultSort: [{ field: 'name', direction: 'asc' } as const],
  filters: {
    /** comma-separated access level names (seed 000 §7: filter accessLevels) */
    accessLevels: z
      .string()
      .transform((v) => v.split(',').map((s) => s.trim()))
      .pipe(z.array(AccessLevelSchema).min(1)),
    /** only organizations placed on the map */
    withPosition: z.enum(['true', 'false']).transform((v) => v === 'true'),
    slug: z.string().max(100),
  },
};

async function memberIds(deps: Parameters<QueryModule>[0], organizationId: string): Promise<string[]> {
  const rows = await deps.readPool.any(sql.type(z.object({ user_id: z.string() }))`
    select user_id from read.user_organizations where organization_id = ${organizationId} order by joined_at, user_id`);
  return rows.map((r) => r.user_id);
}

/**
 * Organizations are public (the map, the table, /organizations/{slug or id}); only while the organizations
 * feature is on. Members are listed to administrators and to the organization's own members.
 */
export function organizationsQueryRoutes(features: Pick<AccountFeatures, 'organizations'>): QueryModule {
  return (deps) => {
    const router = express.Router();
    const reads = deps.readAfter(['organizations', 'accounts']);
    router.use(`/${ORGANIZATION_TYPE}`, (_req, _res, next) => {
      if (!features.organizations) throw new NotFoundError('No route for this call');
      next();
    });

    const included = (rows: readonly OrganizationRow[], include: string[], f: Record<string, string[]>) =>
      include.includes('accessLevel')
        ? [...new Set(rows.map((r) => r.access_level).filter((l): l is string => l !== null))].map((l) =>
            referenceResource('access-levels', referenceItem('access-levels', l)!, f),
          )
        : undefined;

    router.get(`/${ORGANIZATION_TYPE}`, reads, async (req, res) => {
      const viewer = viewerOf(res);
      const query = parseListQuery(req.originalUrl, listSpec);
      const conditions: FragmentSqlToken[] = [sql.fragment`true`];
      if (query.filter.accessLevels) {
        conditions.push(sql.fragment`o.access_level = any(${sql.array(query.filter.accessLevels, 'text')})`);
      }
      if (query.filter.withPosition !== undefined) {
        conditions.push(
          query.filter.withPosition
            ? sql.fragment`o.longitude is not null and o.latitude is not null`
            : sql.fragment`(o.longitude is null or o.latitude is null)`,
        );
      }
      if (query.filter.slug !== undefined) conditions.push(sql.fragment`o.slug = ${query.filter.slug}`);
      const where = sql.join(conditions, sql.fragment` and `);
      const rows = await deps.readPool.any(sql.type(OrganizationRow)`
        select ${ORGANIZATION_COLUMNS} from read.organizations o where ${where}
         order by ${orderBy(query.sort, { alias: 'o', columns: SORTABLE })}
         limit ${query.page.size} offset ${query.page.offset}`);
      const total = await deps.readPool.oneFirst(sql.type(z.object({ total: z.number() }))`
        select count(*)::int as total from read.organizations o where ${where}`);
      const data: ResourceObject[] = rows.map((r) =>
        organizationResource(r, { isAdmin: isAdministrator(viewer), fields: query.fields }),
      );
      const inc = included(rows, query.include, query.fields);
      sendDocument(
        res,
        listDocument({
          data,
          ...(inc ? { included: inc } : {}),
          total,
          query,
          url: req.originalUrl,
          consistency: consistencyOf(res),
        }),
      );
    });

    /** By id or by slug (seed 000 §2.2: /organizations/{id}, id is slug or id). */
    router.get(`/${ORGANIZATION_TYPE}/:id`, reads, async (req, res) => {
      const viewer = viewerOf(res);
      const key = String(req.params.id);
      const query = parseResourceQuery(req.originalUrl, { include: ['accessLevel'], fields });
      const by = uuid.safeParse(key).success
        ? sql.fragment`o.id = ${key}`
        : sql.fragment`o.slug = ${key.toLowerCase()}`;
      const row = await deps.readPool.maybeOne(
        sql.type(OrganizationRow)`select ${ORGANIZATION_COLUMNS} from read.organizations o where ${by}`,
      );
      if (!row) throw new NotFoundError(`organization ${key} not found`);
      const members = await memberIds(deps, row.id);
      const seesMembers =
        isAdministrator(viewer) || (viewer.userId !== null && members.includes(viewer.userId));
      const data = organizationResource(row, {
        isAdmin: isAdministrator(viewer),
        ...(seesMembers ? { userIds: members } : {}),
        fields: query.fields,
      });
      const inc = included([row], query.include, query.fields);
      sendDocument(
        res,
        singleDocument({
          data,
          ...(inc ? { included: inc } : {}),
          url: req.originalUrl,
          consistency: consistencyOf(res),
        }),
      );
    });
    return router;
  };
}
