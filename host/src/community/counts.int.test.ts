import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAccountsApp,
  type AccountsTestApp,
  type Answer,
} from '@platform/tests/support/apps/accounts-app';
import { doc, many, one, PAST, person } from '@platform/tests/support/layer-test-types';

/**
 * Related counts kept by projections (issue 21 G8): repository items per category (to-many) and per organization
 * (to-one), published ones only; forum subjects per category, messages per subject with its latest message, and
 * replies per message. Each follows creation, publication, unpublication, a move, soft deletion and restoration.
 */
let app: AccountsTestApp;
let position = '0';

const noted = (answer: Answer): Answer => {
  expect([200, 201, 204], JSON.stringify(answer.body)).toContain(answer.status);
  const at = answer.body?.meta?.position;
  if (typeof at === 'string' && BigInt(at) > BigInt(position)) position = at;
  return answer;
};
const create = async (type: string, attributes: object, relationships?: Record<string, unknown>) =>
  noted(await app.admin('POST', `/${type}`, doc(type, { ...attributes }, relationships))).body.data
    .id as string;
const patch = async (type: string, id: string, attributes: object, relationships?: Record<string, unknown>) =>
  noted(await app.admin('PATCH', `/${type}/${id}`, doc(type, { ...attributes }, relationships, id)));
const softDelete = async (type: string, id: string) =>
  noted(await app.admin('POST', `/${type}/${id}/soft-delete`));
const restore = async (type: string, id: string) => noted(await app.admin('POST', `/${type}/${id}/restore`));
/** A record as it reads after the latest write. */
async function read(type: string, id: string): Promise<Answer['body']> {
  const answer = await app.admin('GET', `/${type}/${id}?minPosition=${position}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}
const counts = async (type: string, name: string, ids: readonly string[]) =>
  Promise.all(ids.map(async (id) => (await read(type, id)).attributes[name] as number));

beforeAll(async () => {
  app = await startAccountsApp({});
});
afterAll(async () => {
  await app?.close();
});

describe('repository items per category and per organization', () => {
  it('counts the published, live items, whatever moves them', async () => {
    const printing = await create('repository-categories', { name: 'Printing' });
    const switches = await create('repository-categories', { name: 'Switches' });
    const lab = await create(
      'organizations',
      { name: 'Count Lab' },
      { accessLevel: one('access-levels', null) },
    );
    const perCategory = () => counts('repository-categories', 'repositoryItemsCount', [printing, switches]);
    const perOrganization = async () => (await read('organizations', lab)).attributes.repositoryItemsCount;

    const first = await create(
      'repository-items',
      { title: 'Key guard', description: '<p>PLA.</p>', publishedAt: PAST },
      { categories: many('repository-categories', [printing]), organization: one('organizations', lab) },
    );
    const second = await create(
      'repository-items',
      { title: 'Switch box', description: '<p>PETG.</p>' },
      { categories: many('repository-categories', [printing, switches]) },
    );
    // a draft counts nowhere
    expect(await perCategory()).toEqual([1, 0]);
    expect(await perOrganization()).toBe(1);

    await patch('repository-items', second, { publishedAt: PAST });
    expect(await perCategory()).toEqual([2, 1]);
    // moved from one category to the other
    await patch('repository-items', first, {}, { categories: many('repository-categories', [switches]) });
    expect(await perCategory()).toEqual([1, 2]);
    await softDelete('repository-items', second);
    expect(await perCategory()).toEqual([0, 1]);
    await restore('repository-items', second);
    expect(await perCategory()).toEqual([1, 2]);
    // unpublished: out of its category's and its organization's counts
    await patch('repository-items', first, { publishedAt: null });
    expect(await perCategory()).toEqual([1, 1]);
    expect(await perOrganization()).toBe(0);
  });
});

describe('the forum’s subjects, messages and replies', () => {
  it('counts subjects per category, messages per subject with the latest, and replies per message', async () => {
    const category = await create('forum-categories', { name: 'Wheelchairs' });
    const subject = await create(
      'forum-subjects',
      { title: 'Tray fixings' },
      { category: one('forum-categories', category) },
    );
    const other = await create(
      'forum-subjects',
      { title: 'Cushions' },
      { category: one('forum-categories', category) },
    );
    expect(await counts('forum-categories', 'subjectsCount', [category])).toEqual([2]);
    await softDelete('forum-subjects', other);
    expect(await counts('forum-categories', 'subjectsCount', [category])).toEqual([1]);

    const message = (content: string, parent?: string) =>
      create(
        'forum-subject-messages',
        { content: `<p>${content}</p>` },
        {
          subject: one('forum-subjects', subject),
          ...(parent ? { parentMessage: one('forum-subject-messages', parent) } : {}),
        },
      );
    const question = await message('Which screws?');
    const aside = await message('Mine is a tilt-in-space chair.');
    const answer = await message('M5, 12 mm.', question);

    const thread = async () => {
      const read_ = await read('forum-subjects', subject);
      return {
        messages: read_.attributes.messagesCount as number,
        latest: read_.relationships.latestMessage.data?.id as string | undefined,
        replies: (await counts('forum-subject-messages', 'newMessagesCount', [question, aside])) as number[],
      };
    };
    expect(await thread()).toEqual({ messages: 3, latest: answer, replies: [1, 0] });
    await softDelete('forum-subject-messages', answer);
    expect(await thread()).toEqual({ messages: 2, latest: aside, replies: [0, 0] });
    await restore('forum-subject-messages', answer);
    expect(await thread()).toEqual({ messages: 3, latest: answer, replies: [1, 0] });
    // deleted for good: out of every count once
    noted(await app.admin('DELETE', `/forum-subject-messages/${answer}`));
    expect(await thread()).toEqual({ messages: 2, latest: aside, replies: [0, 0] });
  });
});

describe('counts under concurrent writers', () => {
  it('keeps every comment of a crowd, and the likes of members toggling at once', async () => {
    const post = await create('blog-posts', {
      title: 'Busy post',
      content: '<p>Talk here.</p>',
      publishedAt: PAST,
    });
    const comments = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        app.admin(
          'POST',
          '/comments',
          doc('comments', { content: `Comment ${n}` }, { commentable: one('blog-posts', post) }),
        ),
      ),
    );
    for (const answer of comments) noted(answer);
    expect((await read('blog-posts', post)).attributes.commentsCount).toBe(100);

    const members = await Promise.all(
      Array.from({ length: 12 }, (_, n) => person(app, `toggler-${n}@example.test`)),
    );
    // each member sends a burst of likes and unlikes at once: each ends liking or not, never twice
    await Promise.all(
      members.flatMap((member, n) =>
        ['POST', 'DELETE', 'POST', 'DELETE', 'POST'].slice(0, 3 + (n % 3)).map(async (method) => {
          const answer = await member.browser.call(method, `/api/v1/blog-posts/${post}/like`);
          expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
          if (answer.status === 200) noted(answer);
        }),
      ),
    );
    const liking = await Promise.all(
      members.map(async (member) => {
        const answer = await member.browser.call('GET', `/api/v1/blog-posts/${post}?minPosition=${position}`);
        expect(answer.status).toBe(200);
        return answer.body.data.attributes.likedByViewer as boolean;
      }),
    );
    expect((await read('blog-posts', post)).attributes.likesCount).toBe(liking.filter(Boolean).length);
    // then the others like it too: every member once
    for (const [n, member] of members.entries())
      if (!liking[n]) noted(await member.browser.call('POST', `/api/v1/blog-posts/${post}/like`));
    expect((await read('blog-posts', post)).attributes.likesCount).toBe(members.length);
  });
});
