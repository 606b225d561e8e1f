import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatsCountsDocumentSchema, STATS_PERIOD_MAX_DAYS } from '@platform/contracts/stats/counts';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { doc, parameters, person, type Person } from '@platform/tests/support/layer-test-types';

/**
 * The statistics' counts for /admin/stats (issue 22, ADR 0040), read after real records sent through
 * POST /services/stats/records: grouped per day and event, per resource (with titles) and per origin; who may read
 * them and which events they see; bad periods and types answered 422 naming the parameter.
 */
let app: AccountsTestApp;
let admin: Person;
let appAdmin: Person;
let member: Person;

const BROWSER = (name: string) => `Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/140.0 ${name}`;
const COUNTS = '/api/v1/services/stats/counts';

const dayOf = (date: Date, shift = 0) =>
  new Date(date.getTime() + shift * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  app = await startAccountsApp();
  const tag = randomUUID().slice(0, 8);
  [admin, appAdmin, member] = await Promise.all([
    person(app, `stats-admin-${tag}@stats.example`, { roles: ['admin'] }),
    person(app, `stats-app-admin-${tag}@stats.example`, { roles: ['app_admin'] }),
    person(app, `stats-member-${tag}@stats.example`),
  ]);
});
afterAll(async () => {
  await app.close();
});

const send = async (records: unknown[], headers: Record<string, string>) => {
  const answer = await app
    .browser()
    .call('POST', '/api/v1/services/stats/records', { body: { records }, headers });
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return answer.body.meta.position as string;
};

const read = (who: Person | null, query: string) =>
  (who?.browser ?? app.browser()).call('GET', `${COUNTS}?${query}`);

describe('GET /api/v1/services/stats/counts', () => {
  it('counts the records of the period per day and event, per resource with its title, per origin', async () => {
    const created = await app.admin(
      'POST',
      '/newsletter-types',
      doc('newsletter-types', { name: 'Monthly digest' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const digest = created.body.data.id as string;
    const file = randomUUID();
    const unknownPage = randomUUID();
    const view = (resourceType: string, resourceId: string) => ({ event: 'view', resourceType, resourceId });
    await send(
      [view('newsletter-types', digest), view('newsletter-types', digest), view('app-pages', unknownPage)],
      {
        'User-Agent': BROWSER('one'),
        Origin: 'https://search.example',
      },
    );
    const last = await send(
      [view('newsletter-types', digest), { event: 'download', resourceType: 'files', resourceId: file }],
      { 'User-Agent': BROWSER('two') },
    );

    const today = dayOf(app.now());
    const period = `from=${dayOf(app.now(), -1)}&to=${dayOf(app.now(), 1)}`;
    const answer = await read(admin, `${period}&minPosition=${last}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { data } = StatsCountsDocumentSchema.parse(answer.body);
    expect(data.events).toBeNull();
    expect(data.days).toEqual([
      { day: today, event: 'download', records: 1 },
      { day: today, event: 'view', records: 4 },
    ]);
    expect(data.resources).toEqual([
      {
        resourceType: 'newsletter-types',
        resourceId: digest,
        title: 'Monthly digest',
        records: 3,
        events: { view: 3 },
      },
      // no title the layer can find: the web shows the type and the id
      { resourceType: 'app-pages', resourceId: unknownPage, title: null, records: 1, events: { view: 1 } },
      { resourceType: 'files', resourceId: file, title: null, records: 1, events: { download: 1 } },
    ]);
    expect(data.origins).toEqual([
      { origin: 'https://search.example', records: 3 },
      { origin: 'direct', records: 2 },
    ]);
    expect(data.resourceTypes).toEqual(['app-pages', 'files', 'newsletter-types']);

    // filtered by type: the charts count that type's records, the filter still offers every type of the period
    const files = await read(admin, `${period}&resourceType=files`);
    expect(files.status).toBe(200);
    expect(files.body.data.days).toEqual([{ day: today, event: 'download', records: 1 }]);
    expect(files.body.data.resources.map((r: { resourceId: string }) => r.resourceId)).toEqual([file]);
    expect(files.body.data.origins).toEqual([{ origin: 'direct', records: 1 }]);
    expect(files.body.data.resourceTypes).toEqual(['app-pages', 'files', 'newsletter-types']);

    // a period without records: nothing, not an error
    const before = await read(admin, 'from=2020-01-01&to=2020-12-31');
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ days: [], resources: [], origins: [], resourceTypes: [] });

    // an application administrator reads them too, limited to the view and download events (seed 001 §6)
    const limited = await read(appAdmin, period);
    expect(limited.status).toBe(200);
    expect(limited.body.data.events).toEqual(['view', 'download']);
    expect(limited.body.data.days).toEqual(data.days);
  });

  it('answers 401 to a visitor and 403 to a member who is no statistics reader', async () => {
    const period = 'from=2026-01-01&to=2026-01-31';
    const visitor = await read(null, period);
    expect(visitor.status).toBe(401);
    expect(visitor.body.errors[0].code).toBe('auth.unauthenticated');
    const refused = await read(member, period);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('auth.forbidden');
    // the access is checked before the parameters: a member learns nothing from a bad query either
    expect((await read(member, 'from=x')).status).toBe(403);
  });

  it('answers 422 naming each parameter that does not fit', async () => {
    const bad = async (query: string) => {
      const answer = await read(admin, query);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      return parameters(answer);
    };
    expect(await bad('')).toEqual(['from', 'to']);
    expect(await bad('from=2026-02-30&to=2026-03-01')).toEqual(['from']);
    expect(await bad('from=2026-01-01&to=01/02/2026')).toEqual(['to']);
    expect(await bad('from=2026-03-02&to=2026-03-01')).toEqual(['to']);
    expect(
      await bad(`from=2025-01-01&to=${dayOf(new Date('2025-01-01T00:00:00Z'), STATS_PERIOD_MAX_DAYS)}`),
    ).toEqual(['to']);
    expect(await bad('from=2026-01-01&to=2026-01-31&resourceType=nothing-of-the-kind')).toEqual([
      'resourceType',
    ]);
    // a parameter given twice is no date, no type
    expect(
      await bad('from=2026-01-01&from=2026-01-02&to=2026-01-31&resourceType=files&resourceType=tags'),
    ).toEqual(['from', 'resourceType']);
    // the longest period allowed is read
    const longest = await read(
      admin,
      `from=2025-01-01&to=${dayOf(new Date('2025-01-01T00:00:00Z'), STATS_PERIOD_MAX_DAYS - 1)}`,
    );
    expect(longest.status).toBe(200);
  });
});
