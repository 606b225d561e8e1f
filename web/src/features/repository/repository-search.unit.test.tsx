import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { consent, pageAnswer } from '../../frame/testing/cms-testing.tsx';
import { renderApp } from '../../frame/testing/render-app.tsx';
import { communityServer } from '../community/testing.ts';
import { KITCHEN, PRINTED, repositoryServer, SPOON_HOLDER, SWITCH_MOUNT, TAG_3D } from './testing.ts';

const FIRST = { timeout: 25_000 };

/** The search page at /find, the repository at /aids (each item's page at /aids/{id}). */
function openSearch(
  path = '/find',
  options: Parameters<typeof repositoryServer>[0] = {},
  props: Record<string, unknown> = { title: 'Find an aid' },
) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  consent();
  const server = repositoryServer(options);
  const view = renderApp(path, {
    routes: {
      '/find': pageAnswer('/find', 'Search', [{ name: 'repository-search', props }]),
      '/aids': pageAnswer('/aids', 'Repository', [
        { name: 'repository-search', props: {} },
        { name: 'repository', props: { title: '' } },
      ]),
    },
    handlers: [server.handler, communityServer().handler],
  });
  return { ...view, server };
}

const statusText = (text: string) =>
  waitFor(() => expect(document.querySelector('main p[role="status"]')?.textContent).toBe(text));
const box = () =>
  within(screen.getByRole('search', { name: 'Repository search' })).getByRole('searchbox', {
    name: 'Search the repository',
  });
const lastList = (server: ReturnType<typeof repositoryServer>) => server.lists.at(-1)!;

describe('the repository search CMS component', () => {
  it('asks before it lists; words typed with the keyboard find items, counted aloud, linking to their pages', async () => {
    const user = userEvent.setup();
    const { server, location } = openSearch();
    await screen.findByRole('heading', { level: 2, name: 'Find an aid' }, FIRST);
    await statusText('Type what you are looking for and press Enter, or choose a category.');
    expect(server.lists).toHaveLength(0);

    // by keyboard: into the box, type, Enter
    while (document.activeElement !== box()) await user.tab();
    await user.keyboard('mount{Enter}');
    await statusText('1 item found for “mount”.');
    expect(location.history?.at(-1)).toBe('/find?search=mount');
    expect(lastList(server).get('filter[search]')).toBe('mount');
    expect(lastList(server).get('page[size]')).toBe('12');
    const results = screen.getByRole('list', { name: 'Search results' });
    const card = within(results).getByRole('heading', { level: 3, name: 'Switch mount' }).closest('li')!;
    // the item's page is under the page that shows the repository
    expect(within(card).getByRole('link', { name: 'Switch mount' }).getAttribute('href')).toBe(
      `/aids/${SWITCH_MOUNT}`,
    );
    expect(card.querySelector('img')!.getAttribute('src')).toBe('/api/v1/services/files/img1/p.jpg');
    expect(within(card).getByRole('link', { name: 'Fab workshop' })).toBeTruthy();
    await within(card).findByText('Categories: Printed aids');
    // the focus stays in the box, for the next words
    expect(document.activeElement).toBe(box());
    expect(screen.getByText('1 item found for “mount”.').getAttribute('role')).toBe('status');
  });

  it('reads its query from the URL (a reload, a shared link); Escape clears it and the results', async () => {
    const user = userEvent.setup();
    const { location } = openSearch('/find?search=spoon');
    await statusText('1 item found for “spoon”.');
    expect((box() as HTMLInputElement).value).toBe('spoon');
    const results = screen.getByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('link', { name: 'Spoon holder' }).getAttribute('href')).toBe(
      `/aids/${SPOON_HOLDER}`,
    );

    box().focus();
    await user.keyboard('{Escape}');
    await statusText('Type what you are looking for and press Enter, or choose a category.');
    expect(location.history?.at(-1)).toBe('/find');
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
    expect((box() as HTMLInputElement).value).toBe('');
  });

  it('filters by a category chosen by the reader; an editor’s preset category narrows the words', async () => {
    const user = userEvent.setup();
    const { server, location } = openSearch('/find', {}, { title: '', category: PRINTED });
    await statusText('Type what you are looking for and press Enter, or choose a category.');
    // without a title, the cards' titles are the section's h2
    await user.type(box(), 'spoon{Enter}');
    await statusText('No item found for “spoon”.');
    expect(lastList(server).get('filter[categories]')).toBe(PRINTED);
    expect(screen.getByText('Try other words, fewer words, or all categories.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Kitchen (1)' }));
    await statusText('1 item found for “spoon”.');
    expect(lastList(server).get('filter[categories]')).toBe(KITCHEN);
    expect(location.history?.at(-1)).toBe(`/find?search=spoon&category=${KITCHEN}`);
    expect(screen.getByRole('heading', { level: 2, name: 'Spoon holder' })).toBeTruthy();
  });

  it('a tag of a card narrows the results, the focus moving to them; the tag can be let go', async () => {
    const user = userEvent.setup();
    const { server, location } = openSearch('/find?search=o');
    await statusText('2 items found for “o”.');
    const tags = screen.getByRole('list', { name: 'Tags of Switch mount' });
    const chip = within(tags).getByRole('link', { name: '3D printing' });
    expect(chip.getAttribute('href')).toBe(`/find?search=o&tag=${TAG_3D}`);
    chip.focus();
    await user.keyboard('{Enter}');
    await statusText('1 item found for “o”.');
    expect(lastList(server).get('filter[tags]')).toBe(TAG_3D);
    expect(location.history?.at(-1)).toBe(`/find?search=o&tag=${TAG_3D}`);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Search results' })),
    );
    expect(screen.getByText(/Items tagged “3D printing”\./)).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Show the items of every tag' }));
    await statusText('2 items found for “o”.');
    expect(location.history?.at(-1)).toBe('/find?search=o');
  });

  it('a failed search is said in place with a way to search again', async () => {
    const user = userEvent.setup();
    openSearch('/find?search=mount', { failingLists: 1 });
    // a server failure is also the shell's unexpected-error dialog; closed, the search offers to try again
    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong' }, FIRST);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const alert = screen
      .getByText('The search could not be done. Check your connection and try again.')
      .closest<HTMLElement>('[role="alert"]')!;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await statusText('1 item found for “mount”.');
    expect(
      screen.queryByText('The search could not be done. Check your connection and try again.'),
    ).toBeNull();
  });

  it('pages through many results, the pager in the URL', async () => {
    const { server } = openSearch('/find?search=o&page=2', { totalOverride: 30 });
    const pager = await screen.findByRole('navigation', { name: 'Pages of the search results' }, FIRST);
    expect(lastList(server).get('page[number]')).toBe('2');
    expect(within(pager).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/find?search=o&page=3',
    );
  });

  it('without a page that shows the repository, the titles are not links', async () => {
    openSearch('/find?search=mount', { repositoryPage: null });
    await statusText('1 item found for “mount”.');
    const results = screen.getByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('heading', { name: 'Switch mount' })).toBeTruthy();
    expect(within(results).queryByRole('link', { name: 'Switch mount' })).toBeNull();
  });

  it('on the repository’s own page, keeps its box and lets the repository’s list answer (one list)', async () => {
    openSearch('/aids?search=mount');
    await screen.findByRole('heading', { name: 'Switch mount' }, FIRST);
    expect((box() as HTMLInputElement).value).toBe('mount');
    expect(screen.getAllByRole('heading', { name: 'Switch mount' })).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
  });

  it('steps aside on an item’s page of the repository beside it', async () => {
    openSearch(`/aids/${SWITCH_MOUNT}`);
    await screen.findByRole('heading', { level: 1, name: 'Switch mount' }, FIRST);
    expect(screen.queryByRole('search', { name: 'Repository search' })).toBeNull();
  });
});
