import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_USER_ID } from '@platform/contracts/metadata';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { createTestDatabase, type TestDatabase } from '@platform/tests/support/database';
import { person } from '@platform/tests/support/layer-test-types';

/**
 * The scheduled publication across a restart (plan §3.1, §6): a request accepted for a date to come is kept in
 * the read model, not in memory, so a platform started again on the same database after the date publishes the
 * item by itself, once, as the system actor caused by the acceptance. A type whose feature is switched off is
 * left waiting until the feature is on again.
 */
const HOUR = 60 * 60_000;
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const publications = async (app: AccountsTestApp, streamId: string) =>
  (await app.platform.eventStore.readStream(streamId)).filter(
    (e) => e.type === 'PublicationRequestPublished',
  );

const scheduleRow = async (app: AccountsTestApp, requestId: string) => {
  const [row] = await app.platform.sql<{ published_at: Date | null }[]>`
    select published_at from read.publication_schedule where request_id = ${requestId}`;
  return row;
};

const job = (app: AccountsTestApp) => app.platform.jobs.find((j) => j.name === 'publications.schedule')!;

describe('the scheduled publication across a restart', () => {
  it('is published once by the platform started again past the date; a type switched off waits', async () => {
    const target = new Date(Date.now() + HOUR).toISOString();
    const items = { blogPost: '', event: '' };
    const requests = { blogPost: '', event: '' };

    // the first platform: a member submits two items for a date an hour away, a publisher accepts both
    const first = await startAccountsApp({}, {}, { databaseUrl: db.url });
    try {
      const [author, publisher] = await Promise.all([
        person(first, 'sched-author@example.test', { accessLevel: 'member_level_1' }),
        person(first, 'sched-publisher@example.test', { roles: ['app_admin'] }),
      ]);
      const create = async (type: string, attributes: Record<string, unknown>) => {
        const created = await author.browser.call('POST', `/api/v1/${type}`, {
          body: { data: { type, attributes } },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        return created.body.data.id as string;
      };
      items.blogPost = await create('blog-posts', { title: 'Fab lab open day' });
      items.event = await create('calendar-events', {
        title: 'Fab lab open day, the event',
        startAt: '2030-05-01T09:00:00.000Z',
        endAt: '2030-05-01T17:00:00.000Z',
      });
      for (const [key, type] of [
        ['blogPost', 'blog-posts'],
        ['event', 'calendar-events'],
      ] as const) {
        const path = `/api/v1/services/publishables/${type}/${items[key]}/publication-requests`;
        const submitted = await author.browser.call('POST', path, {
          body: {
            data: {
              type: 'publication-requests',
              attributes: { description: 'Ready', targetedPublishedAt: target },
            },
          },
        });
        expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
        requests[key] = submitted.body.data.id as string;
        const accepted = await publisher.browser.call('POST', `${path}/${requests[key]}/accept`, {
          body: {},
        });
        expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      }
      await expect.poll(() => scheduleRow(first, requests.blogPost)).toBeDefined();
      await expect.poll(() => scheduleRow(first, requests.event)).toBeDefined();
      // before the date, a pass publishes nothing
      expect(await job(first).run()).toBe(0);
      expect(await publications(first, `blogpost-${items.blogPost}`)).toHaveLength(0);
    } finally {
      await first.close();
    }

    // started again two hours on, with the calendar switched off: the blog post is published by the first pass
    const second = await startAccountsApp(
      {},
      { features: { calendar: false } },
      { databaseUrl: db.url, clockOffsetMs: 2 * HOUR },
    );
    try {
      await expect
        .poll(() => publications(second, `blogpost-${items.blogPost}`).then((p) => p.length), {
          timeout: 10_000,
        })
        .toBe(1);
      await expect
        .poll(async () => (await scheduleRow(second, requests.blogPost))?.published_at ?? null)
        .not.toBeNull();
      // another pass appends nothing more
      expect(await job(second).run()).toBe(0);
      const stream = await second.platform.eventStore.readStream(`blogpost-${items.blogPost}`);
      const published = stream.filter((e) => e.type === 'PublicationRequestPublished');
      expect(published).toHaveLength(1);
      const acceptance = stream.find((e) => e.type === 'PublicationRequestAccepted')!;
      expect(published[0]!.metadata).toMatchObject({
        actor: { userId: SYSTEM_USER_ID },
        causationId: acceptance.eventId,
      });
      expect(published[0]!.data).toMatchObject({ requestId: requests.blogPost, publishedAt: target });
      // the item's own update follows it in the same append, by the same actor
      const update = stream[stream.indexOf(published[0]!) + 1]!;
      expect(update.type).toBe('BlogPostUpdated');
      expect(update.data).toMatchObject({ attributes: { publishedAt: target } });
      expect(update.metadata).toMatchObject({ actor: { userId: SYSTEM_USER_ID } });

      // the calendar event, due as well, waits while its feature is off
      expect(await publications(second, `calendarevent-${items.event}`)).toHaveLength(0);
      expect((await scheduleRow(second, requests.event))?.published_at).toBeNull();
    } finally {
      await second.close();
    }

    // with the calendar on again, its event is published, and the blog post is not published twice
    const third = await startAccountsApp({}, {}, { databaseUrl: db.url, clockOffsetMs: 2 * HOUR });
    try {
      await expect
        .poll(() => publications(third, `calendarevent-${items.event}`).then((p) => p.length), {
          timeout: 10_000,
        })
        .toBe(1);
      expect(await publications(third, `blogpost-${items.blogPost}`)).toHaveLength(1);
    } finally {
      await third.close();
    }
  });
});
