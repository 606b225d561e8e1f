import express from 'express';
import type { Sql } from 'postgres';
import type { DatabasePool } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler, notFoundHandler } from '@platform/infra/http/errors';
import { capturedLogger, listen, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { createEventContractRegistry } from '@platform/contracts/registry';
import { resourceCatalogue } from '@platform/contracts/resources/catalogue';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { createQueryApi } from '../app.ts';
import { createReadPool } from '../db.ts';
import { globalSearchRoutes } from './routes.ts';

/** FEATURE_GLOBAL_SEARCH off: the route answers 404 before it reads anything, bad input included. */
let db: TestDatabase;
let sql: Sql;
let readPool: DatabasePool;
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url);
  readPool = await createReadPool(db.url);
  const { logger } = capturedLogger();
  const app = express();
  app.use(
    '/api/v1',
    createQueryApi({
      readPool,
      sql,
      eventStore: new PostgresEventStore({ sql, contracts: createEventContractRegistry() }),
      logger,
      adminToken: TEST_ADMIN_TOKEN,
      minPositionTimeoutMs: 5000,
      modules: [globalSearchRoutes(resourceCatalogue, { enabled: false })],
    }),
    notFoundHandler(),
    errorHandler({ logger }),
  );
  server = await listen(app);
});

afterAll(async () => {
  await server.close();
  await readPool.end();
  await sql.end();
  await db.drop();
});

describe('GET /api/v1/services/global-search with the feature off', () => {
  it('answers a JSON:API 404 to every search', async () => {
    for (const query of ['?search=wheelchair', '', '?search=']) {
      const response = await fetch(server.url(`/api/v1/services/global-search${query}`));
      expect(response.status).toBe(404);
      expect(((await response.json()) as { errors: Array<{ code: string }> }).errors[0]!.code).toBe(
        'not_found',
      );
    }
  });
});
