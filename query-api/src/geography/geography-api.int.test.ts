import express from 'express';
import type { Sql } from 'postgres';
import type { DatabasePool } from 'slonik';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler, notFoundHandler } from '@platform/infra/http/errors';
import { capturedLogger, listen, TEST_ADMIN_TOKEN } from '@platform/tests/support/http';
import { CountriesDocumentSchema, FranceRegionsDocumentSchema } from '@platform/contracts/geography/places';
import { createEventContractRegistry } from '@platform/contracts/registry';
import { createSql } from '@platform/infra/db/postgres';
import { PostgresEventStore } from '@platform/infra/event-store';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { createQueryApi } from '../app.ts';
import { createReadPool } from '../db.ts';
import { geographyQueryRoutes } from './routes.ts';

let db: TestDatabase;
let sql: Sql;
let readPool: DatabasePool;
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  db = await createTestDatabase();
  sql = createSql(db.url);
  readPool = await createReadPool(db.url);
  const store = new PostgresEventStore({ sql, contracts: createEventContractRegistry() });
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
      modules: [geographyQueryRoutes({ defaultLocale: 'fr' })],
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

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url(`/api/v1${path}`), { headers });
  return {
    status: response.status,
    vary: response.headers.get('vary'),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: (await response.json()) as any,
  };
}

describe('GET /api/v1/services/countries', () => {
  it('answers every ISO 3166-1 country keyed by its code, named in the reader’s locale', async () => {
    const answer = await get('/services/countries', { 'Accept-Language': 'da' });
    expect(answer.status).toBe(200);
    const document = CountriesDocumentSchema.parse(answer.body);
    // the ISO list and its user-assigned codes in use (Kosovo's XK)
    expect(Object.keys(document.data).length).toBeGreaterThanOrEqual(249);
    expect(document.data.DE).toEqual({ id: 'DE', alpha3: 'DEU', name: 'Tyskland' });
    expect(document.meta.locale).toBe('da');
    expect(answer.vary).toMatch(/Accept-Language/i);
    for (const [id, country] of Object.entries(document.data)) expect(country.id).toBe(id);
  });

  it('names them in each of the seven locales, and in the default one for another language', async () => {
    const names: Record<string, string> = {};
    for (const locale of ['en', 'fr', 'it', 'es', 'ca', 'da', 'ro'])
      names[locale] = (await get('/services/countries', { 'Accept-Language': locale })).body.data.ES.name;
    expect(names).toEqual({
      en: 'Spain',
      fr: 'Espagne',
      it: 'Spagna',
      es: 'España',
      ca: 'Espanya',
      da: 'Spanien',
      ro: 'Spania',
    });
    const other = await get('/services/countries', { 'Accept-Language': 'ja' });
    expect(other.body.meta.locale).toBe('fr');
    expect(other.body.data.ES.name).toBe('Espagne');
  });
});

describe('GET /api/v1/services/utils/regions/france', () => {
  it('answers the departments of France (metropolitan and overseas), sorted by name', async () => {
    const answer = await get('/services/utils/regions/france');
    expect(answer.status).toBe(200);
    const { departments } = FranceRegionsDocumentSchema.parse(answer.body).data;
    expect(departments).toHaveLength(101);
    const names = departments.map((d) => d.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare));
    expect(departments[0]).toMatchObject({ code: '01', name: 'Ain' });
    expect(departments.find((d) => d.code === '2A')).toEqual({
      code: '2A',
      name: 'Corse-du-Sud',
      region: { code: '94', name: 'Corse' },
    });
    expect(departments.find((d) => d.code === '974')?.name).toBe('La Réunion');
    // the overseas collectivities are no departments
    expect(departments.find((d) => d.code === '987')).toBeUndefined();
  });
});
