import express from 'express';
import type { Sql } from 'postgres';
import type { DatabasePool } from 'slonik';
import { createCommandApi } from '@platform/command-api/app';
import { CONFIG_DEFAULTS } from '@platform/infra/config';
import { errorHandler, notFoundHandler } from '@platform/infra/http/errors';
import { menuCommandRoutes } from '@platform/command-api/menu/routes';
import { pagesCommandRoutes } from '@platform/command-api/pages/routes';
import { capturedLogger, listen, TEST_ADMIN_TOKEN } from '../http.ts';
import { createEventContractRegistry } from '@platform/contracts/registry';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { environmentProjection } from '@platform/projectors/environment/projection';
import { menuProjection } from '@platform/projectors/menu/projection';
import { pagesProjection } from '@platform/projectors/pages/projection';
import { resourceProjection } from '@platform/projectors/resources/projection';
import { recordsCountProjection } from '@platform/projectors/stats/records-count-projection';
import { createProjectionRunner } from '@platform/projectors/runner';
import { resourceCommandRoutes } from '@platform/command-api/resources/routes';
import { isOrganizationMember } from '@platform/command-api/organizations/exists';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { createTestDatabase } from '../database.ts';
import { createQueryApi } from '@platform/query-api/app';
import { createReadPool } from '@platform/query-api/db';
import { environmentQueryRoutes } from '@platform/query-api/environment/routes';
import { menuQueryRoutes } from '@platform/query-api/menu/routes';
import { pagesQueryRoutes } from '@platform/query-api/pages/routes';
import { resourceQueryRoutes } from '@platform/query-api/resources/routes';
import { routeResolverRoutes } from '@platform/query-api/routes/routes';

export interface Answer {
  status: number;
  // JSON:API documents are loosely typed in tests on purpose: assertions pin their shape
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface CmsTestApp {
  /** a command or read as the bootstrap admin (`as: 'anonymous'` sends no token) */
  call(
    method: string,
    path: string,
    options?: { body?: unknown; raw?: string; as?: 'admin' | 'anonymous'; headers?: Record<string, string> },
  ): Promise<Answer>;
  /** a read that waits for `position` (the meta.position of a command answer) */
  read(path: string, options?: { position?: string; as?: 'admin' | 'anonymous' }): Promise<Answer>;
  /** the server's base URL (for clients that build their own requests, like the demo seeder) */
  baseUrl: string;
  sql: Sql;
  readPool: DatabasePool;
  close(): Promise<void>;
}

/**
 * The CMS slice of the platform for API tests: the pages, menu and environment modules and the resources of the
 * catalogue (redirections and the environment's settings among them) on both sides, their projections running, a fresh database of their own, real HTTP.
 */
export async function startCmsTestApp(): Promise<CmsTestApp> {
  const db = await createTestDatabase();
  const sql = createSql(db.url);
  const readPool = await createReadPool(db.url);
  const contracts = createEventContractRegistry();
  const eventStore = new PostgresEventStore({ sql, contracts });
  const runner = createProjectionRunner({
    sql,
    eventStore,
    projections: [
      pagesProjection,
      menuProjection,
      environmentProjection,
      ...resourceCatalogue.map((definition) => resourceProjection(definition)),
      // the publication items' recordsCount, which the resource layer reads beside their rows
      recordsCountProjection,
    ],
  });
  await runner.start();
  const { logger } = capturedLogger();
  const app = express();
  app.use(
    '/api/v1',
    createCommandApi({
      eventStore,
      contracts,
      clock: () => new Date(),
      logger,
      adminToken: TEST_ADMIN_TOKEN,
      modules: [
        (deps) => pagesCommandRoutes(deps, { sql }),
        menuCommandRoutes,
        // the catalogue's organizations read their members through the accounts' join table
        resourceCommandRoutes(resourceCatalogue, {
          joinTables: { user_organizations: isOrganizationMember },
        }),
      ],
    }),
    createQueryApi({
      readPool,
      sql,
      eventStore,
      logger,
      adminToken: TEST_ADMIN_TOKEN,
      minPositionTimeoutMs: CONFIG_DEFAULTS.MIN_POSITION_TIMEOUT_MS,
      modules: [
        pagesQueryRoutes,
        menuQueryRoutes,
        environmentQueryRoutes,
        routeResolverRoutes,
        resourceQueryRoutes(resourceCatalogue),
      ],
    }),
    notFoundHandler(),
    errorHandler({ logger }),
  );
  const server = await listen(app);

  const call: CmsTestApp['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = {
      'Content-Type': 'application/vnd.api+json',
      ...options.headers,
    };
    if (options.as !== 'anonymous') headers.Authorization = `Bearer ${TEST_ADMIN_TOKEN}`;
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await fetch(server.url(`/api/v1${path}`), { method, headers, body });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  return {
    call,
    read: (path, options = {}) =>
      call('GET', path, {
        as: options.as,
        headers: options.position ? { 'X-Min-Position': options.position } : {},
      }),
    baseUrl: server.url('').replace(/\/$/, ''),
    sql,
    readPool,
    async close() {
      await server.close();
      await runner.stop();
      await readPool.end();
      await sql.end();
      await db.drop();
    },
  };
}
