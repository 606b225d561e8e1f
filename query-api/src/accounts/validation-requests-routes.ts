import express from 'express';
import type { FragmentSqlToken } from 'slonik';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import type { AccountFeatures } from '@platform/contracts/accounts/features';
import { VALIDATION_REQUEST_STATUSES } from '@platform/contracts/accounts/reference';
import { isAdministrator } from '@platform/contracts/accounts/rules';
import { NotFoundError, UnauthenticatedError } from '@platform/contracts/errors';
import { accountEndpoints } from '@platform/contracts/accounts/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { viewerOf } from '@platform/infra/http/viewer';
import type { QueryModule } from '../app.ts';
import { listDocument, resourceObject, sendDocument, singleDocument } from '../jsonapi/document.ts';
import { parseListQuery, parseResourceQuery } from '../jsonapi/query.ts';
import { consistencyOf } from '../min-position.ts';
import { timestamp } from '../jsonapi/sql.ts';

const TYPE = 'validation-requests';
const uuid = z.string().uuid();
const Row = z.object({
  id: z.string(),
  user_id: z.string(),
  description: z.string(),
  attached_organization_id: z.string().nullable(),
  status: z.enum(VALIDATION_REQUEST_STATUSES),
  refuse_reason: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
type Row = z.infer<typeof Row>;
const COLUMNS = sql.fragment`id, user_id, description, attached_organization_id, status, refuse_reason, created_at, updated_at`;
const fields = {
  [TYPE]: ['description', 'status', 'refuseReason', 'createdAt', 'updatedAt', 'user', 'attachedOrganization'],
};

const resource = (r: Row, f: Record<string, string[]>) =>
  resourceObject(
    TYPE,
    r.id,
    {
      description: r.description,
      status: r.status,
      refuseReason: r.refuse_reason,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    },
    {
      relationships: {
        user: { data: { type: 'users', id: r.user_id } },
        attachedOrganization: {
          data: r.attached_organization_id ? { type: 'organizations', id: r.attached_organization_id } : null,
        },
      },
      self: `/api/v1/${TYPE}/${r.id}`,
      fields: f,
    },
  );

/** Validation requests: administrators see all of them, a user their own. */
export function validationRequestsQueryRoutes(
  features: Pick<AccountFeatures, 'validationRequests'>,
): QueryModule {
  return (deps) => {
    const router = express.Router();
    const reads = deps.readAfter(['accounts']);
    router.use(`/${TYPE}`, (_req, res, next) => {
      if (!features.validationRequests) throw new NotFoundError('No route for this call');
      if (viewerOf(res).userId === null) throw new UnauthenticatedError();
      next();
    });
    const scope = (viewer: ReturnType<typeof viewerOf>): FragmentSqlToken =>
      isAdministrator(viewer) ? sql.fragment`true` : sql.fragment`user_id = ${viewer.userId}`;

    mountEndpoint(router, accountEndpoints.validationRequests, reads, async (req, res) => {
      const viewer = viewerOf(res);
      const query = parseListQuery(req.originalUrl, {
        fields,
        filters: { status: z.enum(VALIDATION_REQUEST_STATUSES), user: uuid },
      });
      const conditions = [scope(viewer)];
      if (query.filter.status) conditions.push(sql.fragment`status = ${query.filter.status}`);
      if (query.filter.user) conditions.push(sql.fragment`user_id = ${query.filter.user}`);
      const where = sql.join(conditions, sql.fragment` and `);
      const rows = await deps.readPool.any(sql.type(
        Row,
      )`select ${COLUMNS} from read.validation_requests where ${where}
        order by created_at desc, id limit ${query.page.size} offset ${query.page.offset}`);
      const total = await deps.readPool.oneFirst(sql.type(z.object({ total: z.number() }))`
        select count(*)::int as total from read.validation_requests where ${where}`);
      const data = rows.map((r) => resource(r, query.fields));
      sendDocument(
        res,
        listDocument({ data, total, query, url: req.originalUrl, consistency: consistencyOf(res) }),
      );
    });

    mountEndpoint(router, accountEndpoints.validationRequest, reads, async (req, res, { params }) => {
      const id = params.id;
      const query = parseResourceQuery(req.originalUrl, { fields });
      const row = uuid.safeParse(id).success
        ? await deps.readPool.maybeOne(sql.type(Row)`select ${COLUMNS} from read.validation_requests
            where id = ${id} and ${scope(viewerOf(res))}`)
        : null;
      if (!row) throw new NotFoundError(`validation request ${id} not found`);
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
}
