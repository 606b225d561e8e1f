import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';
import { authorHref } from './author-href.ts';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

const MEMBER = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const LAB = '0b0e6a52-5d8f-4a8e-9e59-6f3f5b1c2d01';

/** The public profile GET /users/{id} answers anybody: names, description, never the account. */
const PROFILE = {
  type: 'users',
  id: MEMBER,
  attributes: {
    firstName: 'Ada',
    lastName: 'Maker',
    fullName: 'Ada Maker',
    avatarUrl: null,
    description: 'I adapt switches for the people I work with.',
    organizationName: null,
    jobOther: null,
  },
  relationships: { job: { data: null } },
};

const post = (n: number) => ({
  type: 'blog-posts',
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  attributes: { title: `Post ${n}`, slug: `post-${n}`, publishedAt: `2026-0${(n % 9) + 1}-01T10:00:00.000Z` },
});
const POSTS = Array.from({ length: 7 }, (_, i) => post(7 - i));

/**
 * The platform's reads for the authors' pages: a member's profile, blog posts (by page of five), repository items,
 * the pages that show each kind; articles and events are off (404), as their features can be.
 */
function authorsServer() {
  const lists: URLSearchParams[] = [];
  const handler = (request: FakeRequest): Response | undefined => {
    const path = request.url.pathname;
    const q = request.url.searchParams;
    if (request.method !== 'GET') return undefined;
    if (path === `/api/v1/users/${MEMBER}`) return fakeJson(200, { data: PROFILE });
    if (path.startsWith('/api/v1/users/'))
      return fakeJson(404, { errors: [{ status: '404', code: 'not_found', detail: 'No such user' }] });
    if (path === '/api/v1/app-page-components') {
      const where = { 'blog-posts': '/blog', repository: '/aids' }[q.get('filter[name]') ?? ''];
      const pageId = 'a0000000-0000-4000-8000-000000000001';
      return fakeJson(200, {
        data: where
          ? [
              {
                type: 'app-page-components',
                id: 'c1',
                relationships: { page: { data: { type: 'app-pages', id: pageId } } },
              },
            ]
          : [],
        included: where ? [{ type: 'app-pages', id: pageId, attributes: { path: where } }] : [],
        meta: { total: where ? 1 : 0 },
      });
    }
    if (path === '/api/v1/blog-posts' || path === '/api/v1/repository-items') {
      lists.push(q);
      if (path === '/api/v1/repository-items') {
        const items =
          q.get('filter[organization]') === LAB
            ? [
                {
                  type: 'repository-items',
                  id: 'b0000000-0000-4000-8000-000000000001',
                  attributes: { title: 'Big switch', publishedAt: '2026-03-01T00:00:00.000Z' },
                },
              ]
            : [];
        return fakeJson(200, { data: items, meta: { total: items.length } });
      }
      if (q.get('filter[createdBy]') !== MEMBER) return fakeJson(200, { data: [], meta: { total: 0 } });
      const page = Number(q.get('page[number]') ?? 1);
      const size = Number(q.get('page[size]'));
      return fakeJson(200, {
        data: POSTS.slice((page - 1) * size, page * size),
        meta: { total: POSTS.length },
      });
    }
    if (path === '/api/v1/articles' || path === '/api/v1/calendar-events')
      return fakeJson(404, { errors: [{ status: '404', code: 'not_found', detail: 'The feature is off' }] });
    if (path === `/api/v1/organizations/${LAB}`)
      return fakeJson(200, {
        data: { type: 'organizations', id: LAB, attributes: { name: 'Demo Fab Lab', slug: 'demo-fab-lab' } },
      });
    return undefined;
  };
  return { lists, handler };
}

describe("a member's public page", () => {
  it('shows their name and what they published, the newest first, each linking to its page, and more on demand', async () => {
    decided();
    const server = authorsServer();
    renderApp(`/users/${MEMBER}/profile`, { handlers: [server.handler] });
    const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 25_000 });
    expect(heading.textContent).toBe('Ada Maker');
    await waitFor(() => expect(document.title).toMatch(/^Ada Maker \| /));
    expect(screen.getByText('I adapt switches for the people I work with.')).toBeTruthy();

    const published = within(await screen.findByRole('region', { name: 'Published' }, { timeout: 10_000 }));
    const posts = within(await published.findByRole('region', { name: 'Blog posts (7)' }));
    expect(posts.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      POSTS.slice(0, 5).map((p) => [p.attributes.title, `/blog/${p.attributes.slug}`]),
    );
    expect(posts.getAllByText(/^Published on /)).toHaveLength(5);
    // the kinds whose feature is off, and those with nothing, are not shown
    expect(published.queryByRole('region', { name: /^Articles/ })).toBeNull();
    expect(published.queryByRole('region', { name: /^Repository items/ })).toBeNull();
    // the layer's filters: this member's published items, the newest first
    const first = server.lists.find((q) => q.get('filter[createdBy]'))!;
    expect(first.get('filter[createdBy]')).toBe(MEMBER);
    expect(first.get('filter[published]')).toBe('true');
    expect(first.get('sort')).toBe('-publishedAt');

    const user = userEvent.setup();
    await user.click(posts.getByRole('button', { name: 'Show more: Blog posts' }));
    await waitFor(() => expect(posts.getAllByRole('link')).toHaveLength(7));
    // the reader goes on from the first item they had not seen; nothing more to show
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Post 2'));
    expect(posts.queryByRole('button', { name: /^Show more/ })).toBeNull();
  });

  it('answers a member the API does not know with the not-found screen', async () => {
    decided();
    const server = authorsServer();
    const { location } = renderApp('/users/no-such-member/profile', { handlers: [server.handler] });
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 25_000 });
    expect(location.history?.at(-1)).toBe('/errors/not-found');
  });
});

describe("an organization's public page", () => {
  it('lists what the organization published and links to its items in the repository', async () => {
    decided();
    const server = authorsServer();
    renderApp(`/organizations/${LAB}`, { handlers: [server.handler] });
    await screen.findByRole('heading', { level: 1, name: 'Demo Fab Lab' }, { timeout: 25_000 });
    const published = within(await screen.findByRole('region', { name: 'Published' }, { timeout: 10_000 }));
    const items = within(await published.findByRole('region', { name: 'Repository items (1)' }));
    expect(items.getByRole('link', { name: 'Big switch' }).getAttribute('href')).toBe(
      '/aids/b0000000-0000-4000-8000-000000000001',
    );
    expect(server.lists.some((q) => q.get('filter[organization]') === LAB)).toBe(true);
    expect(
      published
        .getByRole('link', { name: "All of this organization's items in the repository" })
        .getAttribute('href'),
    ).toBe(`/aids?organization=${LAB}`);
  });
});

describe('authorHref', () => {
  it('leads to a member’s public page or an organization’s', () => {
    expect(authorHref({ type: 'users', id: MEMBER })).toBe(`/users/${MEMBER}/profile`);
    expect(authorHref({ type: 'organizations', id: LAB, slug: 'demo-fab-lab' })).toBe(
      '/organizations/demo-fab-lab',
    );
    expect(authorHref({ type: 'organizations', id: LAB })).toBe(`/organizations/${LAB}`);
    expect(authorHref({ type: 'tags', id: 'x' })).toBeNull();
  });
});
