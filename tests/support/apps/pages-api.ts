import express from 'express';
import type { Sql } from 'postgres';
import type { DatabasePool } from 'slonik';
import { createEventContractRegistry } from '@platform/contracts/registry';
import { CONFIG_DEFAULTS } from '@platform/infra/config';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { pagesProjection } from '@platform/projectors/pages/projection';
import { createProjectionRunner, type ProjectionRunner } from '@platform/projectors/runner';
import { createQueryApi } from '@platform/query-api/app';
import { createReadPool } from '@platform/query-api/db';
import { pagesQueryRoutes } from '@platform/query-api/pages/routes';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import { createCommandApi } from '@platform/command-api/app';
import { errorHandler, notFoundHandler } from '@platform/infra/http/errors';
import { capturedLogger, JSON_API, listen, TEST_ADMIN_TOKEN } from '../http.ts';
import { pagesCommandRoutes } from '@platform/command-api/pages/routes';

/**
 * The pages module on the full stack, for API tests: the real event store, the projection runner and the
 * command and query routers on one Express app listening on a free port.
 */
export interface PagesApi {
  sql: Sql;
  store: PostgresEventStore;
  send(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

export async function startPagesApi(): Promise<PagesApi> {
  const db: TestDatabase = await createTestDatabase();
  const sql = createSql(db.url);
  const readPool: DatabasePool = await createReadPool(db.url);
  const contracts = createEventContractRegistry();
  const store = new PostgresEventStore({ sql, contracts });
  const runner: ProjectionRunner = createProjectionRunner({
    sql,
    eventStore: store,
    projections: [pagesProjection],
  });
  await runner.start();
  const { logger } = capturedLogger();
  const app = express();
  app.use(
    '/api/v1',
    createCommandApi({
      eventStore: store,
      contracts,
      clock: () => new Date(),
      logger,
      readSql: sql,
      adminToken: TEST_ADMIN_TOKEN,
      modules: [pagesCommandRoutes],
    }),
    createQueryApi({
      readPool,
      sql,
      eventStore: store,
      logger,
      adminToken: TEST_ADMIN_TOKEN,
      minPositionTimeoutMs: CONFIG_DEFAULTS.MIN_POSITION_TIMEOUT_MS,
      modules: [pagesQueryRoutes],
    }),
    notFoundHandler(),
    errorHandler({ logger }),
  );
  const server = await listen(app);
  return {
    sql,
    store,
    async send(method, path, body, headers = { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` }) {
      const response = await fetch(server.url(`/api/v1${path}`), {
        method,
        headers: {
          Accept: JSON_API,
          ...(body !== undefined ? { 'Content-Type': JSON_API } : {}),
          ...headers,
        },
        ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    async close() {
      await server.close();
      await runner.stop();
      await readPool.end();
      await sql.end();
      await db.drop();
    },
  };
}

export const anonymous = {};
export const pageDocument = (attributes: Record<string, unknown>, id?: string) => ({
  data: { type: 'app-pages', ...(id ? { id } : {}), attributes },
});
export const componentDocument = (pageId: string, attributes: Record<string, unknown>, id?: string) => ({
  data: {
    type: 'app-page-components',
    ...(id ? { id } : {}),
    attributes,
    relationships: { page: { data: { type: 'app-pages', id: pageId } } },
  },
});
