import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_USER_ID } from '@platform/contracts/metadata';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
  type Browser,
} from '@platform/tests/support/apps/accounts-app';
import { person, type Person } from '@platform/tests/support/layer-test-types';

/**
 * Publication requests over HTTP on the real platform (issue 21, plan §3.1, §4): a member submits their item, a
 * publisher accepts it (published at once, or by the platform when its date comes) or refuses it with a reason
 * the member reads; every refusal answers its 4xx code; each kind of viewer reads the requests it may.
 */
let app: AccountsTestApp;
let author: Person;
let other: Person;
let publisher: Person;
let position = '0';

beforeAll(async () => {
  app = await startAccountsApp();
  [author, other, publisher] = await Promise.all([
    person(app, 'req-author@example.test', { accessLevel: 'member_level_1' }),
    person(app, 'req-other@example.test', { accessLevel: 'member_level_1' }),
    person(app, 'req-publisher@example.test', { roles: ['app_admin'] }),
  ]);
});
afterAll(async () => {
  await app?.close();
});

const note = (answer: Answer): Answer => {
  const at = answer.body?.meta?.position;
  if (typeof at === 'string' && BigInt(at) > BigInt(position)) position = at;
  return answer;
};
const post = async (who: Browser, path: string, body?: unknown) =>
  note(await who.call('POST', `/api/v1${path}`, body === undefined ? {} : { body }));
const get = (who: Browser, path: string) =>
  who.call('GET', `/api/v1${path}${path.includes('?') ? '&' : '?'}minPosition=${position}`);

const requests = (id: string) => `/services/publishables/blog-posts/${id}/publication-requests`;
const submitBody = (description: string, targetedPublishedAt: string | null = null) => ({
  data: { type: 'publication-requests', attributes: { description, targetedPublishedAt } },
});
const refuseBody = (refuseReason: string) => ({ data: { attributes: { refuseReason } } });

async function draft(title: string): Promise<string> {
  const created = await post(author.browser, '/blog-posts', {
    data: { type: 'blog-posts', attributes: { title, content: '<p>Made in the fab lab</p>' } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.id as string;
}

async function submit(itemId: string, targetedPublishedAt: string | null = null): Promise<string> {
  const answer = await post(author.browser, requests(itemId), submitBody('Ready', targetedPublishedAt));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(answer.body.data.type).toBe('publication-requests');
  return answer.body.data.id as string;
}

const codeOf = (answer: Answer) => answer.body?.errors?.[0]?.code as string | undefined;

interface Notice {
  notificationType: string;
  message: string;
  details: string | null;
  actionUrl: string | null;
}
/** A member's notifications about one item (their link opens it in the back office). */
async function noticesAbout(who: Browser, itemId: string): Promise<Notice[]> {
  const answer = await who.call('GET', '/api/v1/notifications?page[size]=100');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as Array<{ attributes: Notice }>)
    .map((n) => n.attributes)
    .filter((n) => n.actionUrl?.endsWith(`/${itemId}`));
}

describe('a member submits, a publisher accepts', () => {
  it('publishes at once; every bad case answers its 4xx code; an edit keeps the pending request', async () => {
    const id = await draft('Switch adapter for a toy');

    // bad cases before any request: not signed in, not the author, an empty description, an unknown type
    const visitor = app.browser();
    expect((await post(visitor, requests(id), submitBody('Ready'))).status).toBe(401);
    const foreign = await post(other.browser, requests(id), submitBody('Ready'));
    expect([foreign.status, codeOf(foreign)]).toEqual([403, 'auth.forbidden']);
    const empty = await post(author.browser, requests(id), submitBody('  '));
    expect([empty.status, codeOf(empty)]).toEqual([422, 'validation.required']);
    expect(empty.body.errors[0].source.pointer).toBe('/data/attributes/description');
    const unknownType = await post(
      author.browser,
      `/services/publishables/comments/${id}/publication-requests`,
      submitBody('Ready'),
    );
    expect(unknownType.status).toBe(404);
    const missing = await post(
      author.browser,
      requests('00000000-0000-4000-8000-00000000abcd'),
      submitBody('Ready'),
    );
    expect(missing.status).toBe(404);

    const requestId = await submit(id);
    const twice = await post(author.browser, requests(id), submitBody('Again'));
    expect([twice.status, codeOf(twice)]).toEqual([409, 'conflict.publication_request_pending']);

    // the item shows its pending request; an edit by its author keeps it
    const edited = await note(
      await author.browser.call('PATCH', `/api/v1/blog-posts/${id}`, {
        body: { data: { type: 'blog-posts', id, attributes: { title: 'Switch adapter for a toy, v2' } } },
      }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const item = await get(author.browser, `/blog-posts/${id}`);
    expect(item.body.data.attributes.pendingPublicationRequest).toMatchObject({ id: requestId });

    // who reads the request: its author and the publishers; another member does not
    const mine = await get(author.browser, '/publication-requests?filter[status]=pending');
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((r: { id: string }) => r.id)).toContain(requestId);
    const theirs = await get(other.browser, '/publication-requests?filter[status]=pending');
    expect(theirs.body.data.map((r: { id: string }) => r.id)).not.toContain(requestId);
    const desk = await get(publisher.browser, '/publication-requests?filter[status]=pending');
    expect(desk.body.data.map((r: { id: string }) => r.id)).toContain(requestId);

    // only a publisher decides
    const selfAccept = await post(author.browser, `${requests(id)}/${requestId}/accept`);
    expect([selfAccept.status, codeOf(selfAccept)]).toEqual([403, 'auth.forbidden']);

    const accepted = await post(publisher.browser, `${requests(id)}/${requestId}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const again = await post(publisher.browser, `${requests(id)}/${requestId}/accept`);
    expect([again.status, codeOf(again)]).toEqual([409, 'conflict.publication_request_state']);
    const refuseLate = await post(publisher.browser, `${requests(id)}/${requestId}/refuse`, refuseBody('No'));
    expect([refuseLate.status, codeOf(refuseLate)]).toEqual([409, 'conflict.publication_request_state']);
    const published = await post(author.browser, requests(id), submitBody('Once more'));
    expect([published.status, codeOf(published)]).toEqual([409, 'conflict.already_published']);

    // published, read by a visitor; the request reads accepted and published
    const read = await get(visitor, `/blog-posts/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.attributes).toMatchObject({
      title: 'Switch adapter for a toy, v2',
      pendingPublicationRequest: null,
    });
    expect(read.body.data.attributes.publishedAt).not.toBeNull();
    const request = await get(author.browser, `/publication-requests/${requestId}`);
    expect(request.body.data.attributes).toMatchObject({ status: 'accepted' });
    expect(request.body.data.attributes.publishedAt).not.toBeNull();

    // the author is told, once, with a link to the item; another member is told nothing
    await expect.poll(async () => (await noticesAbout(author.browser, id)).length).toBe(1);
    expect(await noticesAbout(author.browser, id)).toMatchObject([
      {
        notificationType: 'publication-request-accepted',
        message: 'Your publication request for “Switch adapter for a toy, v2” was accepted; it is published.',
        details: null,
        actionUrl: `/admin/resources/blog-posts/show/${id}`,
        readAt: null,
      },
    ]);
    expect(await noticesAbout(other.browser, id)).toEqual([]);
  });

  it('two accepts at once: one 200, one 409', async () => {
    const id = await draft('Raced');
    const requestId = await submit(id);
    const answers = await Promise.all([
      post(publisher.browser, `${requests(id)}/${requestId}/accept`),
      app.admin('POST', `${requests(id)}/${requestId}/accept`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});

describe('a publisher refuses', () => {
  it('with a reason the author reads; without one: 422; the author may submit again', async () => {
    const id = await draft('Needs pictures');
    const requestId = await submit(id);
    const noReason = await post(publisher.browser, `${requests(id)}/${requestId}/refuse`, refuseBody(' '));
    expect([noReason.status, codeOf(noReason)]).toEqual([422, 'validation.required']);
    expect(noReason.body.errors[0].source.pointer).toBe('/data/attributes/refuseReason');
    const foreign = await post(other.browser, `${requests(id)}/${requestId}/refuse`, refuseBody('No'));
    expect(foreign.status).toBe(403);

    const refused = await post(
      publisher.browser,
      `${requests(id)}/${requestId}/refuse`,
      refuseBody('Add pictures of the switch'),
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    const read = await get(author.browser, `/publication-requests/${requestId}`);
    expect(read.status).toBe(200);
    expect(read.body.data.attributes).toMatchObject({
      status: 'refused',
      refuseReason: 'Add pictures of the switch',
    });
    const byOther = await get(other.browser, `/publication-requests/${requestId}`);
    expect(byOther.status).toBeGreaterThanOrEqual(400);
    const item = await get(author.browser, `/blog-posts/${id}`);
    expect(item.body.data.attributes).toMatchObject({ publishedAt: null, pendingPublicationRequest: null });

    // the author is told why, in the message and in full in its details
    await expect.poll(async () => (await noticesAbout(author.browser, id)).length).toBe(1);
    expect((await noticesAbout(author.browser, id))[0]).toMatchObject({
      notificationType: 'publication-request-refused',
      message: 'Your publication request for “Needs pictures” was refused: Add pictures of the switch',
      details: 'Add pictures of the switch',
    });
    await submit(id);
  });
});

describe('the scheduled publication', () => {
  it('an accepted request with a future date is published by the platform when the date comes, once', async () => {
    const id = await draft('Calendar of the fab lab');
    const target = new Date(app.now().getTime() + 60 * 60_000).toISOString();
    const requestId = await submit(id, target);
    const accepted = await post(publisher.browser, `${requests(id)}/${requestId}/accept`);
    expect(accepted.status).toBe(200);
    // the author is told the date
    await expect.poll(async () => (await noticesAbout(author.browser, id)).length).toBe(1);
    const shown = `${target.slice(0, 10)} ${target.slice(11, 16)} UTC`;
    expect((await noticesAbout(author.browser, id))[0]).toMatchObject({
      notificationType: 'publication-request-accepted',
      message: `Your publication request for “Calendar of the fab lab” was accepted; it will be published on ${shown}.`,
    });
    const job = app.platform.jobs.find((j) => j.name === 'publications.schedule')!;

    // the schedule has the acceptance; before the date nothing is published
    await expect
      .poll(
        async () =>
          (await app.platform.sql`select 1 from read.publication_schedule where request_id = ${requestId}`)
            .length,
      )
      .toBe(1);
    expect(await job.run()).toBe(0);
    expect((await get(author.browser, `/blog-posts/${id}`)).body.data.attributes.publishedAt).toBeNull();

    app.advance(2 * 60 * 60_000);
    expect(await job.run()).toBe(1);
    // a second pass (the read model may still list it, as a second process would) appends nothing more
    await job.run();

    const stream = await app.platform.eventStore.readStream(`blogpost-${id}`);
    const publications = stream.filter((e) => e.type === 'PublicationRequestPublished');
    expect(publications).toHaveLength(1);
    const acceptedEvent = stream.find((e) => e.type === 'PublicationRequestAccepted')!;
    expect(publications[0]!.metadata).toMatchObject({
      actor: { userId: SYSTEM_USER_ID },
      causationId: acceptedEvent.eventId,
    });
    expect(publications[0]!.data).toMatchObject({ publishedAt: target });
    const position = publications[0]!.globalPosition.toString();
    // read as a publisher (the API token): the database's own time, which the test's clock does not move, is still
    // before the date, and the members' sessions have expired on the test's clock
    const read = await app.admin('GET', `/blog-posts/${id}?minPosition=${position}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.attributes.publishedAt).toBe(target);
  });
});
