import express, { type Router } from 'express';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { appEnvironmentResource, APP_ENVIRONMENT_ID } from '@platform/contracts/environment/app-environment';
import { allows } from '@platform/contracts/resources/access';
import { resourceFields } from '@platform/contracts/resources/fields';
import { environmentEndpoints } from '@platform/contracts/environment/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import { viewerOf } from '@platform/infra/http/viewer';
import { resourceTable } from '@platform/infra/resources/table';
import type { QueryModuleDeps } from '../app.ts';
import { resourceObject, singleDocument } from '../jsonapi/document.ts';
import { parseResourceQuery } from '../jsonapi/query.ts';
import { consistencyOf } from '../min-position.ts';
import { timestamp } from '../jsonapi/sql.ts';

const TYPE = 'app-environment';
const definition = appEnvironmentResource;
const shape = resourceTable(definition);
const SETTINGS = resourceFields(definition).map((f) => f.name);
const columnOf = new Map(shape.attributes.map((a) => [a.name, a.column]));
/** the settings' table (the resource's projection) and the environment's revision (the environment projection) */
const PROJECTIONS = [shape.projection, 'environment'];

const EnvironmentRow = z.object({
  /** the settings' row as jsonb: integers arrive as numbers, null when the projection has not written it yet */
  settings: z.record(z.string(), z.unknown()).nullable(),
  revision: z.bigint().nullable(),
  updated_at: timestamp.nullable(),
});

/**
 * GET /api/v1/app-environment: what the web boots with. The settings (the record 'main' of the app-environments
 * resource: every name present, null when unset; those the viewer may not read left out), `initialized` (a setting
 * was ever saved), `meta.revision` (grows with every change of the environment or of what it renders: pages, menu,
 * redirections) and `meta.updatedAt`, so the web can tell the environment changed and offer a refresh.
 * `data.meta.version` is what PATCH /api/v1/app-environments/main takes as If-Match.
 */
export function environmentQueryRoutes(deps: QueryModuleDeps): Router {
  const router = express.Router();
  mountEndpoint(router, environmentEndpoints.environment, deps.readAfter(PROJECTIONS), async (req, res) => {
    const viewer = viewerOf(res);
    const query = parseResourceQuery(req.originalUrl, { fields: { [TYPE]: [...SETTINGS, 'initialized'] } });
    // what a viewer reads of the environment depends only on the settings they may not read (field access)
    const hidden = Object.entries(definition.fieldAccess)
      .filter(([, rule]) => !allows(rule.read, viewer))
      .map(([name]) => name);
    const variant = `hidden:${hidden.join(',')}`;
    await deps.sendRead(req, res, { projections: PROJECTIONS, variant }, async () => {
      const row = await deps.readPool.one(sql.type(EnvironmentRow)`
        select (select to_jsonb(s) from ${sql.identifier(['read', shape.table])} s
                 where s.id = ${APP_ENVIRONMENT_ID}) as settings,
               e.revision, e.updated_at
          from (select 1) one left join read.app_environment e on e.id = 'main'`);
      const stored = row.settings ?? {};
      const settings: Record<string, unknown> = {};
      for (const name of SETTINGS)
        if (!hidden.includes(name)) settings[name] = stored[columnOf.get(name)!] ?? null;
      const version = stored.version ?? null;
      const data = resourceObject(
        TYPE,
        APP_ENVIRONMENT_ID,
        // the fixed row has no change time until a setting is first saved
        { ...settings, initialized: stored.updated_at != null },
        { meta: { version: version === null ? null : String(version) }, fields: query.fields },
      );
      return singleDocument({
        data,
        url: req.originalUrl,
        consistency: consistencyOf(res),
        meta: { revision: (row.revision ?? 0n).toString(), updatedAt: row.updated_at ?? null },
      });
    });
  });
  return router;
}
