import { randomUUID } from 'node:crypto';
import express from 'express';
import type { Sql } from 'postgres';
import type { DatabasePool } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler, notFoundHandler } from '@platform/infra/http/errors';
import { adminHeaders, capturedLogger, listen, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { eqlaatProjectResource } from '@platform/contracts/eqlaat/records';
import { organizationStreamId } from '@platform/contracts/organizations/events';
import { createEventContractRegistry } from '@platform/contracts/registry';
import { HomeStatsDocumentSchema } from '@platform/contracts/stats/home-stats';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { createProjectionRunner, type ProjectionRunner } from '@platform/projectors/runner';
import { homeStatsProjection } from '@platform/projectors/stats/home-stats-projection';
import { metadata } from '@platform/tests/support/projectors';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { createQueryApi } from '../app.ts';
import { createReadPool } from '../db.ts';
import { homeStatsQueryRoutes } from './routes.ts';

let db: TestDatabase;
let sql: Sql;
let readPool: DatabasePool;
let store: PostgresEventStore;
let runner: ProjectionRunner;
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url);
  readPool = await createReadPool(db.url);
  store = new PostgresEventStore({ sql, contracts: createEventContractRegistry() });
  runner = createProjectionRunner({ sql, eventStore: store, projections: [homeStatsProjection] });
  await runner.start();
  const { logger } = capturedLogger();
  const app = express();
  app.use(
    '/api/v1',
    createQueryApi({
      readPool,
      sql,
      eventStore: store,
      logger,
      adminToken: TEST_ADMIN_TOKEN,
      minPositionTimeoutMs: 5000,
      modules: [homeStatsQueryRoutes],
    }),
    notFoundHandler(),
    errorHandler({ logger }),
  );
  server = await listen(app);
});

afterAll(async () => {
  await server.close();
  await runner.stop();
  await readPool.end();
  await sql.end();
  await db.drop();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url(`/api/v1${path}`), { headers });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: (await response.json()) as any,
  };
}

/** An organization as the organizations module records its creation. */
async function createOrganization(slug: string): Promise<string> {
  const id = randomUUID();
  const meta = metadata();
  const data = {
    id,
    slug,
    name: slug,
    accessLevel: null,
    unitName: null,
    shortDescription: null,
    description: null,
    contactEmail: null,
    contactPhone: null,
    contactAddress: null,
    externalUrl: null,
    country: null,
    longitude: null,
    latitude: null,
    adminOnlyNote: null,
  };
  const { position } = await store.appendToStream(organizationStreamId(id), [
    { eventId: meta.eventId, type: 'OrganizationCreated', data, metadata: meta },
  ]);
  return position.toString();
}

type ProjectChange = 'created' | 'softDeleted' | 'restored' | 'deleted';

/** One change of an eqlaat project, as the resource layer records it: the position it was stored at. */
async function changeProject(id: string, change: ProjectChange): Promise<string> {
  const meta = metadata();
  const data =
    change === 'created'
      ? {
          id,
          attributes: { title: 'Adapted cutlery trial', patientRecord: 'EQ-2026-032' },
          relationships: {},
        }
      : { id };
  const { position } = await store.appendToStream(eqlaatProjectResource.streamId(id), [
    { eventId: meta.eventId, type: eqlaatProjectResource.events[change], data, metadata: meta },
  ]);
  return position.toString();
}

describe('GET /api/v1/services/home-stats', () => {
  it('answers zeros to an anonymous visitor while nothing was counted', async () => {
    const answer = await get('/services/home-stats');
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/vnd\.api\+json/);
    expect(answer.body).toEqual({
      data: { organizationsCount: 0, repositoryItemsCount: 0, accompaniedPatientsCount: 0 },
    });
    expect(HomeStatsDocumentSchema.safeParse(answer.body).success).toBe(true);
  });

  it('answers the projected counts, at least as recent as the position asked for', async () => {
    await createOrganization('lab-one');
    await createOrganization('lab-two');
    const last = await createOrganization('lab-three');

    const answer = await get('/services/home-stats', { 'X-Min-Position': last });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: { organizationsCount: 3, repositoryItemsCount: 0, accompaniedPatientsCount: 0 },
      meta: { position: last },
    });
    expect(HomeStatsDocumentSchema.parse(answer.body).data.organizationsCount).toBe(3);
  });

  it('counts the live eqlaat projects as accompanied patients, and tells nothing else of them', async () => {
    // other tests of this file count organizations on the same read model: compare with the number before
    const accompanied = async (position: string) => {
      const answer = await get('/services/home-stats', { 'X-Min-Position': position });
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body.data).sort()).toEqual([
        'accompaniedPatientsCount',
        'organizationsCount',
        'repositoryItemsCount',
      ]);
      return answer.body.data.accompaniedPatientsCount as number;
    };
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const first = await changeProject(a, 'created');
    // the number before a came
    const before = (await accompanied(first)) - 1;
    await changeProject(b, 'created');
    expect(await accompanied(await changeProject(c, 'created'))).toBe(before + 3);

    expect(await accompanied(await changeProject(a, 'softDeleted'))).toBe(before + 2);
    expect(await accompanied(await changeProject(a, 'restored'))).toBe(before + 3);
    expect(await accompanied(await changeProject(b, 'deleted'))).toBe(before + 2);
  });

  it('rejects a malformed minPosition with a 400 naming the parameter', async () => {
    const answer = await get('/services/home-stats?minPosition=soon');
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]).toMatchObject({ source: { parameter: 'minPosition' } });
  });

  it('has no write side: even an admin posting to it gets a JSON:API 404', async () => {
    const response = await fetch(server.url('/api/v1/services/home-stats'), {
      method: 'POST',
      headers: { ...adminHeaders() },
      body: '{}',
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { errors: unknown[] }).errors).toHaveLength(1);
  });
});
