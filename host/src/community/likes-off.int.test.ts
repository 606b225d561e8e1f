import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsTestApp } from '@platform/tests/support/apps/accounts-app';
import { doc, parameters, PAST, person } from '@platform/tests/support/layer-test-types';

/**
 * The likes feature off (FEATURE_LIKES=false, issue 21 G10): a member's likes are not listed (404), and documents
 * of likable types leave out whether the viewer likes them, while their likes count stays.
 */
let app: AccountsTestApp;

beforeAll(async () => {
  app = await startAccountsApp(
    {},
    {
      features: { likes: false },
    },
  );
});
afterAll(async () => {
  await app?.close();
});

describe('with the likes feature off', () => {
  it('answers 404 for a member’s likes and leaves likedByViewer out of documents', async () => {
    const made = await app.admin(
      'POST',
      '/blog-posts',
      doc('blog-posts', { title: 'Welcome', content: '<p>Hello.</p>', publishedAt: PAST }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.data.id as string;
    const member = await person(app, 'liker@example.test');

    const likes = await member.browser.call('GET', '/api/v1/likes');
    expect(likes.status).toBe(404);

    const read = await member.browser.call(
      'GET',
      `/api/v1/blog-posts/${id}?minPosition=${made.body.meta.position}`,
    );
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data.attributes).toHaveProperty('likesCount', 0);
    expect(read.body.data.attributes).not.toHaveProperty('likedByViewer');
    const list = await member.browser.call('GET', '/api/v1/blog-posts');
    expect(list.body.data[0].attributes).not.toHaveProperty('likedByViewer');
    const sparse = await member.browser.call('GET', '/api/v1/blog-posts?fields[blog-posts]=likedByViewer');
    expect(sparse.status).toBe(400);
    expect(parameters(sparse)).toEqual(['fields[blog-posts]']);
  });
});
