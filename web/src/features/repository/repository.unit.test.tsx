import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { consent, pageAnswer } from '../../frame/testing/cms-testing.tsx';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { communityServer } from '../community/testing.ts';
import {
  HIDDEN_ITEM,
  KITCHEN,
  PRINTED,
  repositoryServer,
  SPOON_AUTHOR,
  SPOON_HOLDER,
  SWITCH_MOUNT,
  TAG_3D,
} from './testing.ts';

const page = (props: Record<string, unknown> = { title: 'Shared aids' }) =>
  pageAnswer('/aids', 'Repository', [{ name: 'repository', props }]);

function openRepository(
  path = '/aids',
  options: Parameters<typeof repositoryServer>[0] = {},
  props?: Record<string, unknown>,
) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  consent();
  const server = repositoryServer(options);
  const view = renderApp(path, {
    routes: { '/aids': page(props) },
    handlers: [server.handler, communityServer().handler],
  });
  return { ...view, server };
}

const lastList = (server: ReturnType<typeof repositoryServer>) => server.lists.at(-1)!;

describe('the repository CMS component', () => {
  it('lists the published items as cards with their image, organization, categories, excerpt and tags', async () => {
    openRepository();
    const list = await screen.findByRole('list', { name: 'Repository items' }, { timeout: 25_000 });
    expect(screen.getByRole('heading', { level: 2, name: 'Shared aids' })).toBeTruthy();
    const card = within(list).getByRole('heading', { level: 3, name: 'Switch mount' }).closest('li')!;
    expect(within(card).getByRole('link', { name: 'Switch mount' }).getAttribute('href')).toBe(
      `/aids/${SWITCH_MOUNT}`,
    );
    expect(card.querySelector('img')!.getAttribute('src')).toBe('/api/v1/services/files/img1/p.jpg');
    // the names of those who share and write an item lead to their public pages (issue 21)
    expect(within(card).getByRole('link', { name: 'Fab workshop' }).getAttribute('href')).toBe(
      '/organizations/fab-workshop',
    );
    expect(within(card).queryByText(/^By/)).toBeNull();
    const spoon = within(list).getByRole('heading', { level: 3, name: 'Spoon holder' }).closest('li')!;
    expect(within(spoon).getByRole('link', { name: 'Noor Member' }).getAttribute('href')).toBe(
      `/users/${SPOON_AUTHOR}/profile`,
    );
    await within(card).findByText('Categories: Printed aids');
    // the excerpt is text: the member's markup and script are not rendered in a card
    expect(
      within(card)
        .getByText(/^A mount for a big switch/)
        .querySelector('*'),
    ).toBeNull();
    expect(card.textContent).not.toContain('alert');
    const tags = within(card).getByRole('list', { name: 'Tags of Switch mount' });
    expect(within(tags).getByRole('link', { name: '3D printing' }).getAttribute('href')).toBe(
      `/aids?tag=${TAG_3D}`,
    );
    expect(screen.getByText('2 items.').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('navigation', { name: 'Pages of the repository' })).toBeNull();
  });

  it('searches from the search box, keeping the search in the URL and sending it to the API', async () => {
    const user = userEvent.setup();
    const { server, location } = openRepository();
    await screen.findByRole('list', { name: 'Repository items' }, { timeout: 25_000 });
    const box = within(screen.getByRole('search')).getByRole('searchbox', { name: 'Search the repository' });
    await user.type(box, 'spoon{Enter}');
    expect((await screen.findByText('1 item found for “spoon”.')).getAttribute('role')).toBe('status');
    expect(lastList(server).get('filter[search]')).toBe('spoon');
    expect(location.history?.at(-1)).toBe('/aids?search=spoon');
    const list = screen.getByRole('list', { name: 'Repository items' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('heading', { name: 'Spoon holder' })).toBeTruthy();
  });

  it('filters by category, with the counts in the choices, and a preset category can be undone', async () => {
    const user = userEvent.setup();
    const { server, location } = openRepository('/aids', {}, { title: '', category: PRINTED });
    await screen.findByRole('list', { name: 'Repository items' }, { timeout: 25_000 });
    // the editor's preset category filters the first read
    expect(lastList(server).get('filter[categories]')).toBe(PRINTED);
    await user.click(await screen.findByRole('button', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Kitchen (1)' }));
    await waitFor(() => expect(lastList(server).get('filter[categories]')).toBe(KITCHEN));
    expect(location.history?.at(-1)).toBe(`/aids?category=${KITCHEN}`);
    await user.click(screen.getByRole('button', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'All categories' }));
    await waitFor(() => expect(lastList(server).has('filter[categories]')).toBe(false));
    expect(location.history?.at(-1)).toBe('/aids?category=all');
  });

  it('pages through the items from the URL: the pager marks the current page, a filter change starts again', async () => {
    const { server } = openRepository('/aids?page=2&tag=' + TAG_3D, { totalOverride: 30 });
    const pager = await screen.findByRole(
      'navigation',
      { name: 'Pages of the repository' },
      { timeout: 25_000 },
    );
    expect(lastList(server).get('page[number]')).toBe('2');
    expect(lastList(server).get('page[size]')).toBe('12');
    expect(lastList(server).get('filter[tags]')).toBe(TAG_3D);
    expect(within(pager).getAllByRole('listitem')).toHaveLength(3);
    expect(pager.querySelector('[aria-current="page"]')!.textContent).toBe('Page 22');
    expect(within(pager).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      `/aids?page=3&tag=${TAG_3D}`,
    );
    expect(within(pager).getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe(
      `/aids?tag=${TAG_3D}`,
    );
    // clearing the tag drops the page too
    expect(
      screen.getByRole('link', { name: 'Show the items of every tag and organization' }).getAttribute('href'),
    ).toBe('/aids');
  });

  it('says "more than" a list that counted no further, and its pager goes on past the last counted page', async () => {
    const { server } = openRepository('/aids?page=2', { totalOverride: 24, totalCapped: true });
    const pager = await screen.findByRole(
      'navigation',
      { name: 'Pages of the repository' },
      { timeout: 25_000 },
    );
    expect(screen.getByText('More than 24 items.').getAttribute('role')).toBe('status');
    expect(lastList(server).get('page[number]')).toBe('2');
    // pages 1 and 2 counted, and a way on to the third, whose answer counts further
    expect(within(pager).getAllByRole('listitem')).toHaveLength(3);
    expect(pager.querySelector('[aria-current="page"]')!.textContent).toBe('Page 22');
    expect(within(pager).getByRole('link', { name: 'More pages' }).getAttribute('href')).toBe('/aids?page=3');
  });

  it('shows an item at {path}/{id}: images, sanitised description, printer settings, downloads, categories, organization', async () => {
    openRepository(`/aids/${SWITCH_MOUNT}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Switch mount' }, { timeout: 25_000 }),
    ).toBeTruthy();
    const gallery = screen.getByRole('list', { name: 'Images of Switch mount' });
    expect(
      within(gallery)
        .getAllByRole('img')
        .map((i) => i.getAttribute('alt')),
    ).toEqual(['The mount on a wheelchair', 'Side view']);
    // the member's rich text: the script is gone, the link is marked as theirs
    const guide = screen.getByRole('link', { name: 'Guide' });
    expect(guide.getAttribute('rel')).toBe('ugc noopener');
    expect(document.querySelector('article script')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Printer settings' })).toBeTruthy();
    expect(screen.getByText('PLA, 0.2 mm layers')).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download mount.stl (2.4 MB)' });
    expect(download.getAttribute('href')).toBe('/api/v1/services/files/stl1/content/abc.stl');
    expect(download.getAttribute('download')).toBe('mount.stl');
    expect(screen.getByRole('link', { name: 'Fab workshop' }).getAttribute('href')).toBe(
      '/organizations/fab-workshop',
    );
    expect((await screen.findByRole('link', { name: 'Printed aids' })).getAttribute('href')).toBe(
      `/aids?category=${PRINTED}`,
    );
    expect(screen.getByRole('link', { name: 'Back to the repository' }).getAttribute('href')).toBe('/aids');
    await waitFor(() => expect(document.title).toMatch(/^Switch mount \|/));
    // a likable, commentable item: its count of likes and its comments, a visitor asked to sign in
    expect(screen.getByText('2 likes')).toBeTruthy();
    expect(await screen.findByText('No comments yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to comment' })).toBeTruthy();
  });

  it('an item without attachments or printer settings shows neither section', async () => {
    openRepository(`/aids/${SPOON_HOLDER}`);
    await screen.findByRole('heading', { level: 1, name: 'Spoon holder' }, { timeout: 25_000 });
    expect(screen.queryByRole('heading', { name: 'Files to download' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Printer settings' })).toBeNull();
  });

  it('an item that exists but is above the reader’s level opens the unauthorized screen, never its title', async () => {
    const { location } = openRepository(`/aids/${HIDDEN_ITEM}`, { hidden: [HIDDEN_ITEM] });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Access denied' }, { timeout: 25_000 }),
    ).toBeTruthy();
    expect(location.history?.at(-1)).toBe(
      `/errors/unauthorized?redirectUrl=${encodeURIComponent(`/aids/${HIDDEN_ITEM}`)}`,
    );
  });

  it('an id no item has is said so in place, with the way back', async () => {
    openRepository('/aids/54444444-4444-4444-8444-444444444444');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'This item is not in the repository.' },
        { timeout: 25_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the repository' })).toBeTruthy();
  });

  it('sends the former paths {path}/items and {path}/items/{item} to {path} and {path}/{item}, keeping the query', async () => {
    const { location } = openRepository(`/aids/items/${SWITCH_MOUNT}?ref=mail`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Switch mount' }, { timeout: 25_000 }),
    ).toBeTruthy();
    expect(location.history?.at(-1)).toBe(`/aids/${SWITCH_MOUNT}?ref=mail`);
  });

  it('sends {path}/items to the list', async () => {
    const { location } = openRepository('/aids/items?search=spoon');
    await screen.findByRole('list', { name: 'Repository items' }, { timeout: 25_000 });
    expect(location.history?.at(-1)).toBe('/aids?search=spoon');
    expect(screen.getByText('1 item found for “spoon”.')).toBeTruthy();
  });
});
