import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import type { Sql } from 'postgres';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { createCommandApi } from './app.ts';
import { errorHandler, notFoundHandler } from '@platform/infra/http/errors';
import { counterContracts } from '@platform/tests/support/counter/decider';
import { counterModule } from '@platform/tests/support/counter/command-module';
import {
  adminHeaders,
  capturedLogger,
  JSON_API,
  listen,
  TEST_ADMIN_TOKEN,
} from '@platform/tests/support/http';

let db: TestDatabase;
let sql: Sql;
let store: PostgresEventStore;
let server: Awaited<ReturnType<typeof listen>>;
const log = capturedLogger();
const now = new Date('2026-04-01T08:00:00.000Z');

beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url);
  store = new PostgresEventStore({ sql, contracts: counterContracts() });
  const app = express();
  app.use(
    '/api/v1',
    createCommandApi({
      eventStore: store,
      contracts: counterContracts(),
      clock: () => now,
      logger: log.logger,
      adminToken: TEST_ADMIN_TOKEN,
      modules: [counterModule],
    }),
    notFoundHandler(),
    errorHandler({ logger: log.logger }),
  );
  server = await listen(app);
});

afterAll(async () => {
  await server.close();
  await sql.end();
  await db.drop();
});

const post = (path: string, body: unknown, headers: Record<string, string> = adminHeaders()) =>
  fetch(server.url(`/api/v1${path}`), {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const increment = (by: unknown, extra: Record<string, unknown> = {}) => ({
  data: { type: 'counter-increments', attributes: { by, ...extra } },
});

async function expectErrorDocument(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/vnd\.api\+json/);
  const body = (await response.json()) as { errors: Array<Record<string, unknown>> };
  expect(body.errors.length).toBeGreaterThan(0);
  for (const error of body.errors) expect(error.status).toBe(String(status));
  return body.errors;
}

describe('command API: answers', () => {
  it('answers a command with the resource, its version and the global position of its last event', async () => {
    const response = await post('/counters/c1/increments', increment(2, { times: 2 }));
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^application\/vnd\.api\+json/);
    const body = await response.json();
    // the stream's last event, not headPosition(): other test files share the cluster and may hold $all back
    const last = (await store.readStream('counter-c1', { direction: 'backwards', maxCount: 1 }))[0]!;
    expect(body).toEqual({
      data: { type: 'counters', id: 'c1' },
      meta: { position: last.globalPosition.toString(), version: '1' },
    });
    expect(response.headers.get('x-event-position')).toBe(last.globalPosition.toString());
    expect(response.headers.get('etag')).toBe('"1"');
  });

  it('records who, when and in which conversation on the stored events', async () => {
    const response = await post(
      '/counters/c2/increments',
      increment(1),
      adminHeaders({ 'X-Correlation-Id': 'flow-42' }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('x-correlation-id')).toBe('flow-42');
    const [event] = await store.readStream('counter-c2');
    expect(event?.metadata).toMatchObject({
      correlationId: 'flow-42',
      recordedAt: now.toISOString(),
      actor: { userId: expect.any(String) },
    });
    expect(event?.metadata.causationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('replaces a correlation id that is not plain text with a fresh one', async () => {
    const response = await post(
      '/counters/c3/increments',
      increment(1),
      adminHeaders({ 'X-Correlation-Id': 'a b<c>' }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('returns the first answer to a repeated Idempotency-Key and appends nothing', async () => {
    const headers = adminHeaders({ 'Idempotency-Key': 'retry-me-1' });
    const first = await (await post('/counters/c4/increments', increment(3), headers)).json();
    const second = await post('/counters/c4/increments', increment(3), headers);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(first);
    expect(await store.readStream('counter-c4')).toHaveLength(1);
  });

  it('answers 409 to a stale If-Match and accepts the current one, quoted or bare', async () => {
    await post('/counters/c5/increments', increment(1));
    await post('/counters/c5/increments', increment(1));
    const stale = await expectErrorDocument(
      await post('/counters/c5/increments', increment(1), adminHeaders({ 'If-Match': '"0"' })),
      409,
    );
    expect(stale[0]?.code).toBe('conflict.wrong_expected_version');
    expect(
      (await post('/counters/c5/increments', increment(1), adminHeaders({ 'If-Match': '"1"' }))).status,
    ).toBe(201);
    expect(
      (await post('/counters/c5/increments', increment(1), adminHeaders({ 'If-Match': '2' }))).status,
    ).toBe(201);
  });
});

describe('command API: bad requests get their 4xx document, never a 500', () => {
  it('malformed JSON => 400 validation.malformed_json', async () => {
    const errors = await expectErrorDocument(await post('/counters/x/increments', '{"data": {'), 400);
    expect(errors[0]).toMatchObject({ code: 'validation.malformed_json', title: 'Bad request' });
  });

  it('a body over 1 MB => 413', async () => {
    const huge = JSON.stringify(increment(1, { padding: 'x'.repeat(1_100_000) }));
    const errors = await expectErrorDocument(await post('/counters/x/increments', huge), 413);
    expect(errors[0]?.code).toBe('validation.payload_too_large');
  });

  it('a body that is not JSON => 415', async () => {
    const headers = { ...adminHeaders(), 'Content-Type': 'text/plain' };
    const errors = await expectErrorDocument(await post('/counters/x/increments', 'by=1', headers), 415);
    expect(errors[0]?.code).toBe('validation.unsupported_media_type');
  });

  it('a document that fails its schema => 422 with a pointer per field', async () => {
    const errors = await expectErrorDocument(
      await post('/counters/x/increments', increment('two', { times: 9 })),
      422,
    );
    expect(errors.map((e) => e.source)).toEqual([
      { pointer: '/data/attributes/by' },
      { pointer: '/data/attributes/times' },
    ]);
    const wrongType = await expectErrorDocument(
      await post('/counters/x/increments', { data: { type: 'pages', attributes: { by: 1 } } }),
      422,
    );
    expect(wrongType[0]).toMatchObject({ source: { pointer: '/data/type' }, code: 'validation.invalid' });
    const missing = await expectErrorDocument(
      await post('/counters/x/increments', { data: { type: 'counter-increments' } }),
      422,
    );
    expect(missing[0]).toMatchObject({
      source: { pointer: '/data/attributes' },
      code: 'validation.required',
    });
    const notADocument = await expectErrorDocument(await post('/counters/x/increments', '[1,2]'), 422);
    expect(notADocument[0]).toMatchObject({ source: { pointer: '' } });
  });

  it('a domain error from the decider => 422 with its pointer', async () => {
    const errors = await expectErrorDocument(await post('/counters/x/increments', increment(-4)), 422);
    expect(errors[0]).toMatchObject({
      code: 'validation.invalid',
      source: { pointer: '/data/attributes/by' },
    });
    await expect(store.readStream('counter-x')).rejects.toThrow(/not found/);
  });

  it('a bad If-Match or Idempotency-Key => 422 naming the header', async () => {
    for (const ifMatch of ['"abc"', '-1', 'W/"1"', '"1", "2"', '99999999999999999999']) {
      const errors = await expectErrorDocument(
        await post('/counters/x/increments', increment(1), adminHeaders({ 'If-Match': ifMatch })),
        422,
      );
      expect(errors[0]).toMatchObject({ source: { parameter: 'If-Match' } });
    }
    const errors = await expectErrorDocument(
      await post(
        '/counters/x/increments',
        increment(1),
        adminHeaders({ 'Idempotency-Key': 'k'.repeat(201) }),
      ),
      422,
    );
    expect(errors[0]).toMatchObject({ source: { parameter: 'Idempotency-Key' } });
  });

  it('no token on a write => 401; a wrong token => 401 even on a read', async () => {
    const anonymous = await post('/counters/x/increments', increment(1), { 'Content-Type': JSON_API });
    expect((await expectErrorDocument(anonymous, 401))[0]?.code).toBe('auth.unauthenticated');
    const wrong = await post(
      '/counters/x/increments',
      increment(1),
      adminHeaders({ Authorization: 'Bearer nope' }),
    );
    await expectErrorDocument(wrong, 401);
    const wrongRead = await fetch(server.url('/api/v1/nowhere'), { headers: { Authorization: 'Basic abc' } });
    await expectErrorDocument(wrongRead, 401);
  });

  it('an unknown route => 404 JSON:API document', async () => {
    const errors = await expectErrorDocument(await fetch(server.url('/api/v1/no-such-thing')), 404);
    expect(errors[0]?.code).toBe('not_found');
  });

  it('an unexpected error => 500 with the correlation id, no stack and no message, and an error log', async () => {
    const response = await post('/boom', {}, adminHeaders({ 'X-Correlation-Id': 'boom-1' }));
    const text = await response.clone().text();
    const errors = await expectErrorDocument(response, 500);
    expect(errors[0]).toMatchObject({ code: 'internal', meta: { correlationId: 'boom-1' } });
    expect(text).not.toMatch(/hunter2|at .*\.ts|stack/);

    const read = await fetch(server.url('/api/v1/boom'));
    const readErrors = await expectErrorDocument(read, 500);
    expect((readErrors[0]?.meta as { correlationId: string }).correlationId).toBe(
      read.headers.get('x-correlation-id'),
    );

    const logged = log.lines().filter((l) => l.msg === 'unhandled error');
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({
      level: 50,
      correlationId: 'boom-1',
      err: { message: 'database password is hunter2' },
    });
    expect(JSON.stringify(log.lines())).not.toContain(TEST_ADMIN_TOKEN);
    const requestLines = log.lines().filter((l) => l.req !== undefined);
    expect(requestLines.length).toBeGreaterThan(10);
    for (const line of requestLines) expect(line.correlationId).toEqual(expect.any(String));
  });
});
