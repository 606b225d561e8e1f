import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import type { Sql } from 'postgres';
import type { DatabasePool } from 'slonik';
import { z } from 'zod/v4';
import { createCommandApi } from '@platform/command-api/app';
import { errorHandler, notFoundHandler } from '@platform/infra/http/errors';
import { anonymousViewer, bootstrapAdminViewer, type Viewer } from '@platform/infra/http/viewer';
import { counterContracts } from '@platform/tests/support/counter/decider';
import { counterModule } from '@platform/tests/support/counter/command-module';
import { adminHeaders, capturedLogger, listen, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { createProjectionRunner, type ProjectionRunner } from '@platform/projectors/runner';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { createQueryApi } from './app.ts';
import { createReadPool, sql as slonikSql } from './db.ts';
import { counterProjection, counterReads } from '@platform/tests/support/counter/reads';
import { visibilityClause } from './visibility.ts';

// generous: under a loaded CI machine a projection may need more than a second to catch up
const TIMEOUT_MS = 4000;
let db: TestDatabase;
let sql: Sql;
let readPool: DatabasePool;
let store: PostgresEventStore;
let runner: ProjectionRunner;
let server: Awaited<ReturnType<typeof listen>>;
const log = capturedLogger();

beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url);
  readPool = await createReadPool(db.url);
  store = new PostgresEventStore({ sql, contracts: counterContracts() });
  runner = createProjectionRunner({ sql, eventStore: store, projections: [counterProjection] });
  await runner.start(); // creates the read views; tests stop and restart it as they need
  const { logger } = log;
  const app = express();
  app.use(
    '/api/v1',
    createCommandApi({
      eventStore: store,
      contracts: counterContracts(),
      clock: () => new Date(),
      logger,
      adminToken: TEST_ADMIN_TOKEN,
      modules: [counterModule],
    }),
    createQueryApi({
      readPool,
      sql,
      eventStore: store,
      logger,
      adminToken: TEST_ADMIN_TOKEN,
      minPositionTimeoutMs: TIMEOUT_MS,
      modules: [counterReads],
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

async function increment(id: string, by: number): Promise<string> {
  const response = await fetch(server.url(`/api/v1/counters/${id}/increments`), {
    method: 'POST',
    headers: adminHeaders(),
    body: JSON.stringify({ data: { type: 'counter-increments', attributes: { by } } }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { meta: { position: string } }).meta.position;
}

const get = async (path: string, headers: Record<string, string> = {}) => {
  const started = Date.now();
  const response = await fetch(server.url(`/api/v1${path}`), { headers });
  return { response, body: await response.json(), elapsed: Date.now() - started };
};

describe('query API: read-your-writes with minPosition', () => {
  it('waits until the projection reaches the position of the command answer', async () => {
    await runner.stop();
    const position = await increment('a', 5);
    const reading = get(`/counters/a?minPosition=${position}`);
    await new Promise((r) => setTimeout(r, 150));
    await runner.start();
    const { response, body, elapsed } = await reading;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/vnd\.api\+json/);
    expect(body).toEqual({
      data: { type: 'counters', id: 'a', attributes: { value: 5 } },
      meta: { position },
      links: { self: `/api/v1/counters/a?minPosition=${position}` },
    });
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(TIMEOUT_MS);
  });

  it('takes the position from the X-Min-Position header too', async () => {
    const position = await increment('a', 1);
    const { body } = await get('/counters/a', { 'X-Min-Position': position });
    expect(body.data.attributes.value).toBe(6);
    expect(body.meta).toEqual({ position });
  });

  it('past the bound, answers with what it has and meta.stale: true', async () => {
    const beyond = ((await store.headPosition()) + 1000n).toString();
    const { response, body, elapsed } = await get(`/counters?minPosition=${beyond}`);
    expect(response.status).toBe(200);
    expect(body.meta).toMatchObject({ position: beyond, stale: true, total: 1 });
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(log.lines().some((l) => l.msg === 'stale read')).toBe(true);
  });

  it.each([
    ['?minPosition=abc', {}, 'minPosition'],
    ['?minPosition=-1', {}, 'minPosition'],
    ['?minPosition=1.5', {}, 'minPosition'],
    ['?minPosition=99999999999999999999', {}, 'minPosition'],
    ['?minPosition=1&minPosition=2', {}, 'minPosition'],
    ['', { 'X-Min-Position': 'soon' }, 'X-Min-Position'],
    ['?minPosition=1', { 'X-Min-Position': '2' }, 'minPosition'],
  ])('garbage position %s %j => 400 naming the parameter', async (search, headers, parameter) => {
    const { response, body } = await get(`/counters${search}`, headers);
    expect(response.status).toBe(400);
    expect(body.errors[0]).toMatchObject({
      status: '400',
      code: 'validation.invalid_parameter',
      source: { parameter },
    });
  });
});

describe('query API: lists, errors, visibility', () => {
  it('pages a list with totals and links, filters and sorts, and hides what the viewer may not see', async () => {
    await increment('b', 2);
    await increment('c', 9);
    const position = await increment('private-d', 7);
    const anonymous = await get(
      `/counters?page[size]=2&sort=-value&filter[minValue]=1&minPosition=${position}`,
    );
    expect(anonymous.body.data.map((r: { id: string }) => r.id)).toEqual(['c', 'a']);
    expect(anonymous.body.meta).toEqual({ total: 3, page: { number: 1, size: 2, totalPages: 2 }, position });
    expect(anonymous.body.links.next).toBe(
      `/api/v1/counters?page[size]=2&sort=-value&filter[minValue]=1&minPosition=${position}&page[number]=2`,
    );

    const admin = await get('/counters?fields[counters]=', { Authorization: `Bearer ${TEST_ADMIN_TOKEN}` });
    expect(admin.body.meta.total).toBe(4);
    expect(admin.body.data[3]).toEqual({ type: 'counters', id: 'private-d', attributes: {} });
    expect((await get('/counters/private-d')).response.status).toBe(404);
  });

  it.each([
    ['/counters?page[size]=0', 'page[size]'],
    ['/counters?page[size]=500', 'page[size]'],
    ['/counters?include=owner', 'include'],
    ['/counters?filter[minValue]=-3', 'filter[minValue]'],
    ['/counters?filter[name]=a', 'filter[name]'],
    ['/counters?sort=secret', 'sort'],
    ['/counters?fields[users]=name', 'fields[users]'],
    ['/counters/a?page[number]=2', 'page[number]'],
  ])('%s => 400 with source.parameter %s', async (path, parameter) => {
    const { response, body } = await get(path);
    expect(response.status).toBe(400);
    expect(body.errors[0]).toMatchObject({ code: 'validation.invalid_parameter', source: { parameter } });
  });

  it('a missing resource => 404, an unknown route => 404, a drifted read model => 500', async () => {
    const missing = await get('/counters/nope');
    expect(missing.response.status).toBe(404);
    expect(missing.body.errors[0].code).toBe('not_found');
    expect((await get('/no/such/route')).response.status).toBe(404);
    const drifted = await get('/counters-drifted');
    expect(drifted.response.status).toBe(500);
    expect(drifted.body.errors[0].meta.correlationId).toBe(drifted.response.headers.get('x-correlation-id'));
    expect(JSON.stringify(drifted.body)).not.toMatch(/counter_values|select/);
  });
});

describe('visibilityClause on real rows', () => {
  const Row = z.object({ id: z.string() });
  const visibleTo = async (viewer: Viewer, deleted?: 'include') => {
    const rows = await readPool.any(slonikSql.type(Row)`
      select id from visibility_fixture where ${visibilityClause(viewer, { deleted })} order by id`);
    return rows.map((r) => r.id);
  };

  beforeAll(async () => {
    await sql`create table visibility_fixture (id text primary key, requires_auth boolean not null,
      access_level_weight int, roles text[], deleted_at timestamptz)`;
    await sql`insert into visibility_fixture values
      ('open', false, null, '{}', null),
      ('open-null-roles', false, null, null, null),
      ('signed-in', true, null, '{}', null),
      ('level-300', true, 300, '{}', null),
      ('level-400', false, 400, '{}', null),
      ('rental-admins', true, null, '{rental_admin}', null),
      ('deleted', false, null, '{}', now())`;
  });

  it('anonymous: only open rows', async () => {
    expect(await visibleTo(anonymousViewer)).toEqual(['open', 'open-null-roles']);
  });

  it('a member: up to their weight, with one of the roles, never deleted', async () => {
    const member: Viewer = { userId: 'u1', roles: ['contributor'], accessWeight: 300, isAdmin: false };
    expect(await visibleTo(member, 'include')).toEqual(['level-300', 'open', 'open-null-roles', 'signed-in']);
    const rentalAdmin: Viewer = { ...member, roles: ['rental_admin'], accessWeight: 400 };
    expect(await visibleTo(rentalAdmin)).toEqual([
      'level-300',
      'level-400',
      'open',
      'open-null-roles',
      'rental-admins',
      'signed-in',
    ]);
  });

  it('an admin: everything not deleted, and the deleted rows on request', async () => {
    expect(await visibleTo(bootstrapAdminViewer)).toHaveLength(6);
    expect(await visibleTo(bootstrapAdminViewer, 'include')).toHaveLength(7);
  });
});
