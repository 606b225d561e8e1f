import express, { type Response, type Router } from 'express';
import type { DatabasePool, FragmentSqlToken } from 'slonik';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { jobResource, userCategoryResource } from '@platform/contracts/accounts/reference-lists';
import { isAdministrator } from '@platform/contracts/accounts/rules';
import { ROLES } from '@platform/contracts/enums';
import { ForbiddenError, NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import { SYSTEM_USER_ID } from '@platform/contracts/metadata';
import { viewerOf, type Viewer } from '@platform/infra/http/viewer';
import { resourceTable } from '@platform/infra/resources/table';
import type { QueryModuleDeps } from '../app.ts';
import { listDocument, sendDocument, singleDocument, type ResourceObject } from '../jsonapi/document.ts';
import { parseListQuery, parseResourceQuery } from '../jsonapi/query.ts';
import { orderBy } from '../jsonapi/sql.ts';
import { consistencyOf } from '../min-position.ts';
import { organizationResource } from '@platform/contracts/organizations/organization';
import { accountEndpoints } from '@platform/contracts/accounts/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { USER_COLUMNS, USER_FIELDS, USER_TYPE, UserRow, userResource } from './documents.ts';
import { meIncluded, ME_INCLUDES, organizationsReader } from './me.ts';
import { REFERENCE_LISTS } from './reference-routes.ts';

export const ACCOUNTS_PROJECTIONS = ['accounts', resourceTable(organizationResource).projection] as const;
const uuid = z.string().uuid();
const SORTABLE: Record<string, string> = {
  lastName: 'last_name',
  firstName: 'first_name',
  email: 'email',
  createdAt: 'created_at',
  lastLoginAt: 'last_login_at',
};
const referenceFields = Object.fromEntries(
  Object.entries(REFERENCE_LISTS).map(([type, items]) => [
    type,
    Object.keys(items[0] ?? {}).filter((k) => k !== 'id'),
  ]),
);
// the organizations as the resource layer shows them (GET /users/me includes them); their locale plays no part
const organizations = organizationsReader('en');
const fields = {
  [USER_TYPE]: USER_FIELDS,
  [organizationResource.type]: organizations.fieldNames,
  ...referenceFields,
};
const listSpec = {
  fields,
  sort: Object.keys(SORTABLE),
  defaultSort: [{ field: 'lastName', direction: 'asc' } as const],
  filters: {
    email: z
      .string()
      .max(254)
      .transform((v) => v.trim().toLowerCase()),
    role: z.enum(ROLES),
    validated: z.enum(['true', 'false']).transform((v) => v === 'true'),
    organization: uuid,
    search: z.string().trim().min(1).max(100),
  },
};

/** A full account view: the user themselves or an administrator. */
const seesAccount = (viewer: Viewer, id: string) => isAdministrator(viewer) || viewer.userId === id;

export async function organizationIdsOf(pool: DatabasePool, userIds: readonly string[]) {
  const out = new Map<string, string[]>();
  if (userIds.length === 0) return out;
  const rows = await pool.any(sql.type(z.object({ user_id: z.string(), organization_id: z.string() }))`
    select user_id, organization_id from read.user_organizations
     where user_id = any(${sql.array([...userIds], 'uuid')}) order by user_id, joined_version`);
  for (const r of rows) out.set(r.user_id, [...(out.get(r.user_id) ?? []), r.organization_id]);
  return out;
}

/**
 * The signed-in user's row. A session exists only for a user whose events are stored, so a missing row means
 * the projection has not caught up with a brand-new account yet: wait for it, briefly and bounded.
 */
async function signedInUserRow(pool: DatabasePool, id: string): Promise<UserRow | null> {
  for (let attempt = 0; ; attempt++) {
    const row = await pool.maybeOne(
      sql.type(UserRow)`select ${USER_COLUMNS} from read.users u where u.id = ${id}`,
    );
    if (row || attempt >= 40) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The signed-in user's id, for GET /users/me: anonymous callers get 401, the API token has no account (404). */
function meId(res: Response): string {
  const viewer = viewerOf(res);
  if (viewer.userId === null) throw new UnauthenticatedError('Sign in to see your account');
  if (viewer.userId === SYSTEM_USER_ID) throw new NotFoundError('The API token has no user account');
  return viewer.userId;
}

/**
 * GET /users (administrators), /users/:id (the account for its owner and administrators, the public profile for
 * anyone else) and /users/me with the includes of seed 000 §7.
 */
export function usersQueryRoutes(deps: QueryModuleDeps): Router {
  const router = express.Router();
  const pool = deps.readPool;
  const reads = deps.readAfter(ACCOUNTS_PROJECTIONS);
  // a job or user category included in 'me' is read from its resource's table: after a rename, wait for it too
  const withLists = deps.readAfter([
    ...ACCOUNTS_PROJECTIONS,
    resourceTable(jobResource).projection,
    resourceTable(userCategoryResource).projection,
  ]);
  const meReads: express.RequestHandler = (req, res, next) =>
    (/[?&]include=[^&]*(job|userCategory)/.test(req.originalUrl) ? withLists : reads)(req, res, next);

  mountEndpoint(router, accountEndpoints.me, meReads, async (req, res) => {
    const id = meId(res);
    const viewer = viewerOf(res);
    const query = parseResourceQuery(req.originalUrl, { include: ME_INCLUDES, fields });
    const row = await signedInUserRow(pool, id);
    if (!row) throw new UnauthenticatedError('Your account is not available yet: retry in a moment');
    const organizationIds = (await organizationIdsOf(pool, [id])).get(id) ?? [];
    const impersonating = Boolean(viewer.impersonatorId);
    const data = userResource(row, { full: true, organizationIds, impersonating, fields: query.fields });
    const included = await meIncluded(pool, row, organizationIds, query, { reader: organizations, res });
    sendDocument(
      res,
      singleDocument({
        data,
        ...(query.include.length ? { included } : {}),
        url: req.originalUrl,
        consistency: consistencyOf(res),
        meta: {
          effectiveAccessWeight: viewer.accessWeight,
          ...(viewer.impersonatorId ? { impersonatorId: viewer.impersonatorId } : {}),
        },
      }),
    );
  });

  mountEndpoint(router, accountEndpoints.users, reads, async (req, res) => {
    const viewer = viewerOf(res);
    if (viewer.userId === null) throw new UnauthenticatedError();
    if (!isAdministrator(viewer)) throw new ForbiddenError('Listing users requires the admin role');
    const query = parseListQuery(req.originalUrl, listSpec);
    const f = query.filter;
    const conditions: FragmentSqlToken[] = [sql.fragment`true`];
    if (f.email !== undefined) conditions.push(sql.fragment`lower(u.email) = ${f.email}`);
    if (f.role !== undefined) conditions.push(sql.fragment`${f.role} = any(u.roles)`);
    if (f.validated !== undefined) {
      conditions.push(
        f.validated ? sql.fragment`u.validated_at is not null` : sql.fragment`u.validated_at is null`,
      );
    }
    if (f.organization !== undefined) {
      conditions.push(sql.fragment`exists (select 1 from read.user_organizations uo
        where uo.user_id = u.id and uo.organization_id = ${f.organization})`);
    }
    if (f.search !== undefined) {
      const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(
        sql.fragment`(u.first_name ilike ${like} or u.last_name ilike ${like} or u.email ilike ${like})`,
      );
    }
    const where = sql.join(conditions, sql.fragment` and `);
    const rows = await pool.any(sql.type(UserRow)`select ${USER_COLUMNS} from read.users u where ${where}
      order by ${orderBy(query.sort, { alias: 'u', columns: SORTABLE, nulls: 'last' })} limit ${query.page.size} offset ${query.page.offset}`);
    const total = await pool.oneFirst(sql.type(z.object({ total: z.number() }))`
      select count(*)::int as total from read.users u where ${where}`);
    const orgs = await organizationIdsOf(
      pool,
      rows.map((r) => r.id),
    );
    const data: ResourceObject[] = rows.map((r) =>
      userResource(r, { full: true, organizationIds: orgs.get(r.id) ?? [], fields: query.fields }),
    );
    sendDocument(
      res,
      listDocument({ data, total, query, url: req.originalUrl, consistency: consistencyOf(res) }),
    );
  });

  mountEndpoint(router, accountEndpoints.user, reads, async (req, res, { params }) => {
    const id = params.id;
    const viewer = viewerOf(res);
    const query = parseResourceQuery(req.originalUrl, { fields });
    const row = uuid.safeParse(id).success
      ? await pool.maybeOne(sql.type(UserRow)`select ${USER_COLUMNS} from read.users u where u.id = ${id}`)
      : null;
    if (!row) throw new NotFoundError(`user ${id} not found`);
    const full = seesAccount(viewer, id);
    const organizationIds = full ? ((await organizationIdsOf(pool, [id])).get(id) ?? []) : undefined;
    const data = userResource(row, {
      full,
      ...(organizationIds ? { organizationIds } : {}),
      fields: query.fields,
    });
    sendDocument(res, singleDocument({ data, url: req.originalUrl, consistency: consistencyOf(res) }));
  });

  return router;
}
