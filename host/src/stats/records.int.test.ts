import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATS_BATCH_MAX } from '@platform/contracts/stats/records';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { doc, person } from '@platform/tests/support/layer-test-types';
import { STATS_RATE_LIMIT } from '@platform/command-api/stats/routes';

/**
 * The usage statistics' records (issue 22, ADR 0038) through the real platform: what is kept, what is refused
 * (4xx, nothing stored) and what is dropped (202, nothing stored), read back from the daily counts projection.
 */
let app: AccountsTestApp;
let sql: postgres.Sql;

/** A browser of its own: each test's user agent makes its own visitor key, so no test spends another's rate. */
const BROWSER = (name: string) => `Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/140.0 ${name}`;

/** Rate counters there before the first batch: the first answer's sweep clears the senders' past windows only. */
const COUNTERS = {
  pastSender: `stats:past-${randomUUID()}`,
  currentSender: `stats:current-${randomUUID()}`,
  pastSignIn: `sign-in:ip:past-${randomUUID()}`,
};

beforeAll(async () => {
  app = await startAccountsApp();
  sql = postgres(app.databaseUrl, { max: 2, onnotice: () => {} });
  await sql`insert into auth_rate_limits (key, window_started_at, hits) values
    (${COUNTERS.pastSender}, now() - interval '2 hours', 3),
    (${COUNTERS.currentSender}, now() + interval '1 hour', 3),
    (${COUNTERS.pastSignIn}, now() - interval '2 hours', 3)`;
});
afterAll(async () => {
  await sql.end();
  await app.close();
});

const send = (records: unknown, headers: Record<string, string>) =>
  app.browser().call('POST', '/api/v1/services/stats/records', { body: { records }, headers });

/** The day's counts of one resource, once the projection has them. */
async function countsOf(resourceId: string) {
  return sql<{ event: string; origin: string; records: string; senders: string }[]>`
    select event, origin, records::text, senders::text from read.stats_daily_counts
    where resource_id = ${resourceId} order by event, origin`;
}

describe('statistics records', () => {
  it('keeps a batch as one event, counted per day, resource, event and origin, senders once', async () => {
    const page = `page-${randomUUID()}`;
    const file = randomUUID();
    const headers = { 'User-Agent': BROWSER('kept'), Origin: 'https://Platform.Example' };
    const first = await send(
      [
        { event: 'view', resourceType: 'app-pages', resourceId: page },
        { event: 'view', resourceType: 'app-pages', resourceId: page },
        { event: 'download', resourceType: 'files', resourceId: file },
      ],
      headers,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    expect(first.body.meta.received).toBe(3);
    const second = await send([{ event: 'view', resourceType: 'app-pages', resourceId: page }], {
      ...headers,
      Origin: '',
      Referer: 'https://platform.example/who-we-are?x=1',
    });
    expect(second.status).toBe(202);

    await expect
      .poll(async () => (await countsOf(page)).map((r) => [r.event, r.origin, r.records, r.senders]))
      .toEqual([
        // three views from one sender: counted three times, one sender
        ['view', 'https://platform.example', '3', '1'],
      ]);
    expect((await countsOf(file)).map((r) => [r.event, r.records])).toEqual([['download', '1']]);

    const [stored] = await sql<{ n: string; visitor: string }[]>`
      select count(*)::text as n, min(data->>'visitor') as visitor from es_events
      where event_type = 'StatsRecorded' and data::text like ${`%${page}%`}`;
    expect(stored!.n).toBe('2');
    // the sender is a daily key, never the address
    expect(stored!.visitor).toMatch(/^visitor:[0-9a-f]{32}$/);
  });

  it('names a signed-in member by their id', async () => {
    const member = await person(app, `stats-${randomUUID().slice(0, 8)}@stats.example`);
    const page = `page-${randomUUID()}`;
    const answer = await member.browser.call('POST', '/api/v1/services/stats/records', {
      body: { records: [{ event: 'view', resourceType: 'articles', resourceId: page }] },
      headers: { 'User-Agent': BROWSER('member') },
    });
    expect(answer.status).toBe(202);
    await expect.poll(async () => (await countsOf(page)).length).toBe(1);
    const [stored] = await sql<{ visitor: string }[]>`
      select data->>'visitor' as visitor from es_events where event_type = 'StatsRecorded' and data::text like ${`%${page}%`}`;
    expect(stored!.visitor).toBe(`user:${member.id}`);
  });

  it('refuses bad input with 4xx and stores nothing', async () => {
    const page = `page-${randomUUID()}`;
    const headers = { 'User-Agent': BROWSER('bad input') };
    const view = { event: 'view', resourceType: 'app-pages', resourceId: page };
    const tooMany = await send(
      Array.from({ length: STATS_BATCH_MAX + 1 }, () => view),
      headers,
    );
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.errors[0].code).toBe('validation.payload_too_large');

    const pointers = async (records: unknown) => {
      const answer = await send(records, headers);
      expect(answer.status, JSON.stringify(answer.body)).toBe(422);
      return (answer.body.errors as Array<{ source?: { pointer?: string } }>).map((e) => e.source?.pointer);
    };
    expect(await pointers([{ ...view, event: 'like' }])).toEqual(['/records/0/event']);
    expect(await pointers([{ event: 'view', resourceType: 'app-pages' }])).toEqual(['/records/0/resourceId']);
    expect(await pointers([view, { ...view, resourceType: 'Pages!' }])).toEqual(['/records/1/resourceType']);
    expect(await pointers([{ ...view, resourceId: 'x'.repeat(201) }])).toEqual(['/records/0/resourceId']);
    expect(await pointers([{ ...view, extra: 1 }])).toEqual(['/records/0']);
    expect(await pointers([])).toEqual(['/records']);
    expect(await pointers('view')).toEqual(['/records']);

    const [stored] = await sql<{ n: string }[]>`
      select count(*)::text as n from es_events where event_type = 'StatsRecorded' and data::text like ${`%${page}%`}`;
    expect(stored!.n).toBe('0');
  });

  it('drops, without saying so, a bot’s records and a banned origin’s or client’s', async () => {
    const page = `page-${randomUUID()}`;
    const view = [{ event: 'view', resourceType: 'app-pages', resourceId: page }];
    const bot = await send(view, {
      'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect(bot.status).toBe(202);

    const origin = `https://scraper-${randomUUID().slice(0, 8)}.example`;
    const ban = await app.admin(
      'POST',
      '/stats-banned-origins',
      doc('stats-banned-origins', { origin, description: 'Copies every page' }),
    );
    expect(ban.status, JSON.stringify(ban.body)).toBe(201);
    // a ban names what it drops
    const empty = await app.admin(
      'POST',
      '/stats-banned-origins',
      doc('stats-banned-origins', { description: 'x' }),
    );
    expect(empty.status).toBe(422);
    // the ban is read from its projection: wait for it
    await expect
      .poll(async () => (await sql`select 1 from read.stats_banned_origins where origin = ${origin}`).length)
      .toBe(1);
    const banned = await send(view, { 'User-Agent': BROWSER('banned'), Origin: origin });
    expect(banned.status).toBe(202);

    // a client banned by its signature (the visitor key the statistics show for it): kept before, dropped after
    const client = { 'User-Agent': BROWSER('banned client') };
    const before = `page-${randomUUID()}`;
    expect(
      (await send([{ event: 'view', resourceType: 'app-pages', resourceId: before }], client)).status,
    ).toBe(202);
    const [signed] = await sql<{ visitor: string }[]>`select data->>'visitor' as visitor from es_events
      where event_type = 'StatsRecorded' and data::text like ${`%${before}%`}`;
    const byClient = await app.admin(
      'POST',
      '/stats-banned-origins',
      doc('stats-banned-origins', { originSignature: signed!.visitor }),
    );
    expect(byClient.status, JSON.stringify(byClient.body)).toBe(201);
    await expect
      .poll(
        async () =>
          (await sql`select 1 from read.stats_banned_origins where origin_signature = ${signed!.visitor}`)
            .length,
      )
      .toBe(1);
    expect((await send(view, client)).status).toBe(202);

    // a kept batch after them, whose count proves the projection went past the dropped ones
    const kept = await send(view, { 'User-Agent': BROWSER('after the ban') });
    expect(kept.status).toBe(202);
    await expect
      .poll(async () => (await countsOf(page)).map((r) => [r.origin, r.records]))
      .toEqual([['direct', '1']]);
  });

  it(`refuses a client past ${STATS_RATE_LIMIT.max} batches a minute with 429 and Retry-After`, async () => {
    const headers = { 'User-Agent': BROWSER('flood') };
    const view = [{ event: 'view', resourceType: 'app-pages', resourceId: `page-${randomUUID()}` }];
    const statuses: number[] = [];
    for (let sent = 0; sent < STATS_RATE_LIMIT.max; sent += 20) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => send(view, headers)));
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.slice(0, STATS_RATE_LIMIT.max).every((s) => s === 202)).toBe(true);
    const refused = await send(view, headers);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // another client is not refused
    expect((await send(view, { 'User-Agent': BROWSER('another') })).status).toBe(202);
  });

  it('clears the senders’ counters of windows past, and no other limit’s', async () => {
    const view = [{ event: 'view', resourceType: 'app-pages', resourceId: `page-${randomUUID()}` }];
    expect((await send(view, { 'User-Agent': BROWSER('sweep') })).status).toBe(202);
    const left = async () =>
      (
        await sql<{ key: string }[]>`select key from auth_rate_limits
          where key in ${sql(Object.values(COUNTERS))} order by key`
      ).map((r) => r.key);
    await expect.poll(left).toEqual([COUNTERS.pastSignIn, COUNTERS.currentSender].sort());
  });
});
