import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { consent, pageAnswer } from '../../frame/testing/cms-testing.tsx';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { communityServer } from '../community/testing.ts';
import {
  ARTICLE_AUTHOR,
  HIDDEN_ARTICLE,
  NAVIGATION,
  NEWS_CATEGORY,
  PAGINATED,
  publicationsServer,
  SIMPLE,
  TAG_EVENTS,
} from './testing.ts';

function open(
  path: string,
  options: Parameters<typeof publicationsServer>[0] = {},
  props: { articles?: Record<string, unknown>; blog?: Record<string, unknown> } = {},
) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  consent();
  const server = publicationsServer(options);
  const view = renderApp(path, {
    routes: {
      '/articles': pageAnswer('/articles', 'Articles', [
        { name: 'articles', props: props.articles ?? { title: 'Our articles' } },
      ]),
      '/blog': pageAnswer('/blog', 'Blog', [{ name: 'blog-posts', props: props.blog ?? { title: '' } }]),
    },
    handlers: [server.handler, communityServer().handler],
  });
  return { ...view, server };
}

describe('the articles and blog posts CMS components', () => {
  it('list the published articles, listed ones only, with the editor’s category and tag, and a page size', async () => {
    const { server } = open(
      '/articles',
      {},
      {
        articles: { title: 'Our articles', category: NEWS_CATEGORY, tag: TAG_EVENTS, pageSize: 3 },
      },
    );
    const list = await screen.findByRole('list', { name: 'Articles' }, { timeout: 25_000 });
    const asked = server.lists.at(-1)!.searchParams;
    expect(asked.get('filter[unlisted]')).toBe('false');
    expect(asked.get('filter[category]')).toBe(NEWS_CATEGORY);
    expect(asked.get('filter[tags]')).toBe(TAG_EVENTS);
    expect(asked.get('page[size]')).toBe('3');
    const card = within(list).getByRole('heading', { level: 3, name: 'Choosing a switch' }).closest('li')!;
    expect(within(card).getByRole('link', { name: 'Choosing a switch' }).getAttribute('href')).toBe(
      `/articles/${PAGINATED}`,
    );
    expect(within(card).getByText('About choosing a switch.')).toBeTruthy();
    expect(within(card).getByText(/^Published on /)).toBeTruthy();
    // its author's name leads to the member's public page (issue 21)
    expect(within(card).getByRole('link', { name: 'Ada Maker' }).getAttribute('href')).toBe(
      `/users/${ARTICLE_AUTHOR}/profile`,
    );
  });

  it('list the blog posts with their tags and a pager from the URL; a post’s link is its slug', async () => {
    const { server } = open(`/blog?tag=${TAG_EVENTS}&page=2`, { totalOverride: 20 });
    const list = await screen.findByRole('list', { name: 'Blog posts' }, { timeout: 25_000 });
    const asked = server.lists.at(-1)!.searchParams;
    expect([asked.get('filter[tags]'), asked.get('page[number]'), asked.get('page[size]')]).toEqual([
      TAG_EVENTS,
      '2',
      '9',
    ]);
    expect(asked.has('filter[unlisted]')).toBe(false);
    expect(within(list).getByRole('link', { name: 'Our new workshop' }).getAttribute('href')).toBe(
      '/blog/our-new-workshop',
    );
    expect(within(list).getByRole('link', { name: 'Events' }).getAttribute('href')).toBe(
      `/blog?tag=${TAG_EVENTS}`,
    );
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(pager.querySelector('[aria-current="page"]')!.textContent).toBe('Page 22');
    expect(within(pager).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      `/blog?tag=${TAG_EVENTS}&page=3`,
    );
    expect(screen.getByRole('link', { name: 'Show everything' }).getAttribute('href')).toBe('/blog');
  });

  it('show a blog post by its slug: image, sanitised content, organization, external link', async () => {
    open('/blog/our-new-workshop');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Our new workshop' }, { timeout: 25_000 }),
    ).toBeTruthy();
    const article = screen.getByRole('heading', { level: 1 }).closest('article')!;
    await waitFor(() => expect(article.querySelector('em')?.textContent).toBe('workshop'));
    // the empty paragraph the member left is gone
    expect(Array.from(article.querySelectorAll('p')).some((p) => p.textContent === '')).toBe(false);
    expect(within(article).getByRole('img', { name: 'The workshop' })).toBeTruthy();
    expect(within(article).getByRole('link', { name: 'Fab workshop' }).getAttribute('href')).toBe(
      '/organizations/fab-workshop',
    );
    const external = within(article).getByRole('link', { name: /Read more on the original site/ });
    expect(external.getAttribute('href')).toBe('https://example.org/workshop');
    expect(within(article).getByRole('link', { name: 'Back to the blog' }).getAttribute('href')).toBe(
      '/blog',
    );
    await waitFor(() => expect(document.title).toMatch(/^Our new workshop \|/));
  });

  it('show an article in the pagination layout: one section per ?page, a pager marking the current one', async () => {
    open(`/articles/${PAGINATED}?page=2`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choosing a switch' }, { timeout: 25_000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Going further' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Getting started' })).toBeNull();
    expect(screen.getByText('Section 2 of 3')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Sections of the article' });
    expect(pager.querySelector('[aria-current="page"]')!.textContent).toContain('Section 2: Going further');
    expect(within(pager).getByRole('link', { name: 'Section 1: Getting started' }).getAttribute('href')).toBe(
      `/articles/${PAGINATED}`,
    );
    expect(within(pager).getByRole('link', { name: 'Section 3: Resources' }).getAttribute('href')).toBe(
      `/articles/${PAGINATED}?page=3`,
    );
  });

  it('show an article in the simple layout whole, with its source', async () => {
    open(`/articles/${SIMPLE}`);
    await screen.findByRole('heading', { level: 1, name: 'Eye gaze basics' }, { timeout: 25_000 });
    // the sections, then the comments once read
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
        'Getting started',
        'Going further',
        'Resources',
        '0 comments',
      ]),
    );
    expect(screen.queryByRole('navigation', { name: 'Sections of the article' })).toBeNull();
    expect(screen.getByText('Source: The eye gaze handbook')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ada Maker' }).getAttribute('href')).toBe(
      `/users/${ARTICLE_AUTHOR}/profile`,
    );
    // a member's link in a section is marked as theirs
    expect(screen.getByRole('link', { name: 'read' }).getAttribute('rel')).toBe('ugc noopener');
  });

  it('show the navigation layout with a table of contents linking to each section', async () => {
    open(`/articles/${NAVIGATION}`);
    await screen.findByRole('heading', { level: 1, name: 'A guide to speech devices' }, { timeout: 25_000 });
    const contents = await screen.findByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      `#section-${NAVIGATION}-s1`,
      `#section-${NAVIGATION}-s2`,
      `#section-${NAVIGATION}-s3`,
    ]);
    expect(document.getElementById(`section-${NAVIGATION}-s3`)?.textContent).toBe('Resources');
  });

  it('an article above the reader’s level opens the unauthorized screen; an unknown one is said so', async () => {
    const { location } = open(`/articles/${HIDDEN_ARTICLE}`, { hidden: [HIDDEN_ARTICLE] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Access denied' }, { timeout: 25_000 }),
    ).toBeTruthy();
    expect(location.history?.at(-1)).toBe(
      `/errors/unauthorized?redirectUrl=${encodeURIComponent(`/articles/${HIDDEN_ARTICLE}`)}`,
    );
  });

  it('a blog post no one wrote is said so in place, with the way back', async () => {
    open('/blog/no-such-post');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'This blog post does not exist.' },
        { timeout: 25_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the blog' })).toBeTruthy();
  });
});
