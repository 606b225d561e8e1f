import express, { type Router } from 'express';
import { sql } from 'slonik';
import { z } from 'zod';
import { viewerOf } from '@platform/infra/http/viewer';
import { isAdministrator } from '@platform/contracts/accounts/rules';
import {
  APP_ENVIRONMENT_SETTING_NAMES,
  emptyAppEnvironmentSettings,
} from '@platform/contracts/environment/settings';
import type { QueryModuleDeps } from '../app.ts';
import { resourceObject, singleDocument } from '../jsonapi/document.ts';
import { parseResourceQuery } from '../jsonapi/query.ts';
import { consistencyOf } from '../min-position.ts';
import { timestamp } from '../jsonapi/sql.ts';

const TYPE = 'app-environment';
const PROJECTIONS = ['environment'];
const ID = 'main';

const EnvironmentRow = z.object({
  settings: z.record(z.unknown()),
  initialized: z.boolean(),
  revision: z.bigint(),
  settings_version: z.bigint().nullable(),
  updated_at: timestamp,
});

/** Templates used by integrations are for editors; everything else is what the public web boots with. */
const ADMIN_ONLY = new Set(['integrationTemplates']);

/**
 * GET /api/v1/app-environment: the settings (every name present, null when unset), `meta.revision` (grows with
 * every change of the environment or of what it renders: pages, menu, redirections) and `meta.updatedAt`, so
 * the web can tell the environment changed and offer a refresh. `data.meta.version` is what PATCH takes as
 * If-Match.
 */
export function environmentQueryRoutes(deps: QueryModuleDeps): Router {
  const router = express.Router();
  router.get(`/${TYPE}`, deps.readAfter(PROJECTIONS), async (req, res) => {
    const viewer = viewerOf(res);
    const query = parseResourceQuery(req.originalUrl, {
      fields: { [TYPE]: [...APP_ENVIRONMENT_SETTING_NAMES, 'initialized'] },
    });
    // what the viewer may see of the environment depends only on whether they are an administrator
    const admin = isAdministrator(viewer);
    const variant = admin ? 'admin' : 'public';
    await deps.sendRead(req, res, { projections: PROJECTIONS, variant }, async () => {
      const row = await deps.readPool.maybeOne(sql.type(EnvironmentRow)`
        select settings, initialized, revision, settings_version, updated_at from read.app_environment where id = ${ID}`);
      const settings: Record<string, unknown> = { ...emptyAppEnvironmentSettings() };
      for (const name of APP_ENVIRONMENT_SETTING_NAMES) {
        if (row && Object.hasOwn(row.settings, name)) settings[name] = row.settings[name];
        if (ADMIN_ONLY.has(name) && !admin) delete settings[name];
      }
      const version = row?.settings_version ?? null;
      const data = resourceObject(
        TYPE,
        ID,
        { ...settings, initialized: row?.initialized ?? false },
        { meta: { version: version === null ? null : version.toString() }, fields: query.fields },
      );
      return singleDocument({
        data,
        url: req.originalUrl,
        consistency: consistencyOf(res),
        meta: { revision: (row?.revision ?? 0n).toString(), updatedAt: row?.updated_at ?? null },
      });
    });
  });
  return router;
}
