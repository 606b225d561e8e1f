import express, { type Router } from 'express';
import { sql } from '../db.ts';
import { z } from 'zod/v4';
import { emptyHomeStats, type HomeStats } from '@platform/contracts/stats/home-stats';
import { statsEndpoints } from '@platform/contracts/stats/endpoints';
import { mountEndpoint } from '@platform/infra/http/endpoints';
import type { QueryModuleDeps } from '../app.ts';
import { sendDocument } from '../jsonapi/document.ts';
import { consistencyOf } from '../min-position.ts';

// int8 columns arrive as bigint; the counts of a community fit a JSON number
const count = z.bigint().transform((n) => Number(n));
const HomeStatsRow = z.object({
  organizations_count: count,
  repository_items_count: count,
  accompanied_patients_count: count,
});

/**
 * GET /api/v1/services/home-stats (seed 000 §7): the community numbers of the home page, from the home_stats
 * read model. Public: the numbers are totals, not records. The web asks once, when the block becomes visible.
 */
export function homeStatsQueryRoutes(deps: QueryModuleDeps): Router {
  const router = express.Router();
  mountEndpoint(router, statsEndpoints.homeStats, deps.readAfter(['home_stats']), async (_req, res) => {
    const row = await deps.readPool.maybeOne(sql.type(HomeStatsRow)`
      select organizations_count, repository_items_count, accompanied_patients_count
        from read.home_stats where id = 'main'`);
    const data: HomeStats = row
      ? {
          organizationsCount: row.organizations_count,
          repositoryItemsCount: row.repository_items_count,
          accompaniedPatientsCount: row.accompanied_patients_count,
        }
      : emptyHomeStats();
    const consistency = consistencyOf(res);
    sendDocument(res, { data, ...(Object.keys(consistency).length ? { meta: consistency } : {}) });
  });
  return router;
}
