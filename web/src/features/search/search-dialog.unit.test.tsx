import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { pageAnswer } from '../../frame/testing/cms-testing.tsx';
import { fakeJson, renderApp, type FakeRequest } from '../../frame/testing/render-app.tsx';

const decided = () =>
  localStorage.setItem(STORAGE_KEYS.cookieConsent, JSON.stringify({ essentials: true, youtube: false }));

/** GET /services/global-search: a result per search, recording the words and the language asked. */
function searchServer() {
  const asked: Array<{ search: string | null; language: string | null }> = [];
  const handler = (request: FakeRequest): Response | undefined => {
    if (request.method !== 'GET' || request.url.pathname !== '/api/v1/services/global-search')
      return undefined;
    const search = request.url.searchParams.get('search');
    asked.push({ search, language: request.headers.get('accept-language') });
    return fakeJson(200, {
      data: [
        {
          type: 'repository-items',
          id: 'r1',
          title: 'Joystick knob',
          description: 'A soft joystick grip.',
          // a route of the web's own, which the fake server needs not answer for
          path: '/accessibility',
          highlights: {
            title: [
              { text: 'Joystick', match: true },
              { text: ' knob', match: false },
            ],
            description: [
              { text: 'A soft ', match: false },
              { text: 'joystick', match: true },
              { text: ' grip.', match: false },
            ],
          },
        },
        {
          type: 'organizations',
          id: 'o1',
          title: 'Joystick Lab',
          description: '',
          path: '/organizations/joystick-lab',
          highlights: { title: [{ text: 'Joystick Lab', match: false }], description: [] },
        },
      ],
      meta: { hasMore: { 'repository-items': false, organizations: false }, locale: 'en' },
    });
  };
  return { asked, handler };
}

describe('the top bar’s search dialog', () => {
  it('searches as the reader types, announces the count, marks the matches and goes to a result', async () => {
    decided();
    const user = userEvent.setup();
    const server = searchServer();
    const { location } = renderApp('/site-map', { handlers: [server.handler] });
    await user.click(await screen.findByRole('button', { name: 'Search' }, { timeout: 25_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Search the site' });
    const field = within(dialog).getByRole('searchbox', { name: 'Words to search for' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    await user.keyboard('joy');
    await user.keyboard('stick');
    const status = within(dialog).getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('2 results'));
    // one search, for the last words, once the reader paused
    expect(server.asked).toEqual([{ search: 'joystick', language: 'en' }]);
    const repository = within(dialog).getByRole('region', { name: 'Repository' });
    const link = within(repository).getByRole('link', { name: 'Joystick knob' });
    expect(link.getAttribute('href')).toBe('/accessibility');
    expect([...dialog.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Joystick', 'joystick']);
    expect(within(dialog).getByRole('region', { name: 'Organizations' })).toBeTruthy();
    // Enter moves to the first result; following it closes the dialog
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(link);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/accessibility'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends nothing for blank words, and Escape clears the field before it closes the dialog', async () => {
    decided();
    const user = userEvent.setup();
    const server = searchServer();
    renderApp('/site-map', { handlers: [server.handler] });
    await user.click(await screen.findByRole('button', { name: 'Search' }, { timeout: 25_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Search the site' });
    const field = within(dialog).getByRole('searchbox');
    await waitFor(() => expect(document.activeElement).toBe(field));
    await user.keyboard('   ');
    await user.keyboard('{Escape}');
    expect((field as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.asked).toEqual([]);
  });
});

/** A search whose repository items come two a page, four in all. */
function pagedServer() {
  const asked: string[] = [];
  const item = (n: number) => ({
    type: 'repository-items',
    id: `r${n}`,
    title: `Switch mount ${n}`,
    description: '',
    path: `/repository/r${n}`,
    highlights: { title: [{ text: `Switch mount ${n}`, match: false }], description: [] },
  });
  const handler = (request: FakeRequest): Response | undefined => {
    if (request.method !== 'GET' || request.url.pathname !== '/api/v1/services/global-search')
      return undefined;
    asked.push(request.url.search);
    const page = Number(request.url.searchParams.get('page[number]') ?? '1');
    return fakeJson(200, {
      data: [item(page * 2 - 1), item(page * 2)],
      meta: { hasMore: { 'repository-items': page < 2 }, locale: 'en' },
    });
  };
  return { asked, handler };
}

describe('the search page, /services/search', () => {
  it('searches for the words of its URL, and reads a type’s further results with its button', async () => {
    decided();
    const user = userEvent.setup();
    const server = pagedServer();
    renderApp('/services/search?search=switch', { handlers: [server.handler] });
    await screen.findByRole('heading', { level: 1, name: 'Search' }, { timeout: 25_000 });
    const group = await screen.findByRole('region', { name: 'Repository' });
    await within(group).findByRole('link', { name: 'Switch mount 2' });
    expect(server.asked).toEqual(['?search=switch']);
    await user.click(within(group).getByRole('button', { name: 'More results: Repository' }));
    await within(group).findByRole('link', { name: 'Switch mount 4' });
    expect(within(group).getAllByRole('link')).toHaveLength(4);
    expect(new URLSearchParams(server.asked[1])).toEqual(
      new URLSearchParams('?search=switch&filter[type]=repository-items&page[number]=2'),
    );
    // nothing more behind the last page
    expect(within(group).queryByRole('button', { name: /^More results/ })).toBeNull();
  });
});

describe('the global search CMS component', () => {
  it('searches on a page without taking the focus, under the block’s title', async () => {
    decided();
    const user = userEvent.setup();
    const server = searchServer();
    renderApp('/find-anything', {
      routes: {
        '/find-anything': pageAnswer('/find-anything', 'Find', [
          { name: 'global-search', props: { title: 'Search everything' } },
        ]),
      },
      handlers: [server.handler],
    });
    await screen.findByRole('heading', { level: 2, name: 'Search everything' }, { timeout: 25_000 });
    const main = screen.getByRole('main');
    const field = within(main).getByRole('searchbox', { name: 'Words to search for' });
    expect(document.activeElement).not.toBe(field);
    await user.click(field);
    await user.keyboard('joystick');
    await within(main).findByRole('link', { name: 'Joystick knob' });
    expect(within(main).getByRole('heading', { level: 3, name: 'Repository' })).toBeTruthy();
    expect(server.asked).toEqual([{ search: 'joystick', language: 'en' }]);
  });
});
