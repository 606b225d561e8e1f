import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { consent, pageAnswer } from '../../frame/testing/cms-testing.tsx';
import { renderApp } from '../../frame/testing/render-app.tsx';
import {
  aacServer,
  BOARD_APP,
  DRAFT,
  GAZE_TABLET,
  SWITCH_APP,
  SYMBOL_APP,
  TALKER,
  WINDOWS,
} from './testing.ts';

const SLOW = { timeout: 25_000 };

function open(
  path: string,
  { pagePath = '/aac', title = '', total }: { pagePath?: string; title?: string; total?: number } = {},
) {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  consent();
  const server = aacServer(total === undefined ? {} : { total });
  const view = renderApp(path, {
    routes: {
      [pagePath]: pageAnswer(pagePath, 'AAC catalogue', [{ name: 'aac-products', props: { title } }]),
    },
    handlers: [server.handler],
  });
  return { ...view, server };
}

const cardOf = (name: string) =>
  within(screen.getByRole('list', { name: 'AAC products' }))
    .getByRole('link', { name })
    .closest('li')!;

describe('the AAC products catalogue', () => {
  it('shows the published products as cards linking to their pages, under the block’s title', async () => {
    const { server } = open('/aac', { title: 'Find a communication aid' });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Find a communication aid' }, SLOW),
    ).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'AAC products' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Board Builder', 'Gaze Tablet 15', 'Switch Speaker', 'Symbol Talk', 'Talker One']);
    expect(screen.getByText('5 products.').getAttribute('role')).toBe('status');
    const gaze = cardOf('Gaze Tablet 15');
    expect(within(gaze).getByRole('link', { name: 'Gaze Tablet 15' }).getAttribute('href')).toBe(
      `/aac/${GAZE_TABLET}`,
    );
    const image = gaze.querySelector('img')!;
    expect([image.getAttribute('src'), image.getAttribute('width'), image.getAttribute('height')]).toEqual([
      '/files/gaze-preview.jpg',
      '320',
      '240',
    ]);
    expect(image.getAttribute('alt')).toBe('');
    expect(gaze.textContent).toContain('Device');
    expect(gaze.textContent).toContain('A tablet driven by the eyes.');
    expect(gaze.textContent).toContain('Compatible with: Windows');
    // the access types in the seed's order, in words
    expect(gaze.textContent).toContain('Access: Eye gaze, Scanning');
    expect(cardOf('Symbol Talk').textContent).toContain('Software');
    const asked = server.lists.at(-1)!;
    expect(asked.get('filter[published]')).toBe('true');
    expect(asked.get('include')).toBe('image,compatibleSystems,accessTypes');
    expect(screen.getByRole('link', { name: 'Suggest a product' }).getAttribute('href')).toBe(
      '/aac/contribution',
    );
  });

  it('searches and filters by system, access type and kind, each kept in the URL', async () => {
    const user = userEvent.setup();
    const { server, location } = open('/aac');
    await screen.findByRole('list', { name: 'AAC products' }, SLOW);
    const searchbox = screen.getByRole('searchbox', { name: 'Search the products' });
    await user.type(searchbox, 'talk');
    await user.click(within(searchbox.closest('form')!).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(server.lists.at(-1)!.get('filter[search]')).toBe('talk'));
    expect(await screen.findByText('2 products.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Compatible system/ }));
    await user.click(await screen.findByRole('option', { name: 'Windows' }));
    await waitFor(() => expect(server.lists.at(-1)!.get('filter[compatibleSystems]')).toBe(WINDOWS));
    await user.click(screen.getByRole('button', { name: /Access type/ }));
    await user.click(await screen.findByRole('option', { name: 'Head pointer' }));
    await waitFor(() => expect(server.lists.at(-1)!.get('filter[accessTypes]')).toBe('head_pointer'));
    await user.click(screen.getByRole('button', { name: /Device or software/ }));
    await user.click(await screen.findByRole('option', { name: 'Software' }));
    await waitFor(() => expect(server.lists.at(-1)!.get('filter[isDevice]')).toBe('false'));
    const list = await screen.findByRole('list', { name: 'AAC products' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(['Symbol Talk']),
    );
    expect(location.history?.at(-1)).toBe(
      `/aac?search=talk&system=${WINDOWS}&access=head_pointer&kind=software`,
    );

    await user.click(screen.getByRole('link', { name: 'Clear the filters' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/aac'));
    expect(await screen.findByText('5 products.')).toBeTruthy();
  });

  it('reads the filters from the URL and pages with them', async () => {
    const { server } = open('/aac?kind=device&page=2', { total: 30 });
    await screen.findByRole('list', { name: 'AAC products' }, SLOW);
    const asked = server.lists.at(-1)!;
    expect([asked.get('filter[isDevice]'), asked.get('page[number]'), asked.get('page[size]')]).toEqual([
      'true',
      '2',
      '12',
    ]);
    const pages = screen.getByRole('navigation', { name: 'Pages of AAC products' });
    expect(within(pages).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/aac?kind=device&page=3',
    );
    expect(within(pages).getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/aac?kind=device');
  });

  it('chooses products to compare, up to the most a comparison holds, in the URL', async () => {
    const user = userEvent.setup();
    const { location } = open('/aac');
    await screen.findByRole('list', { name: 'AAC products' }, SLOW);
    expect(screen.queryByRole('link', { name: /^Compare \(/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Compare Gaze Tablet 15' }));
    await user.click(screen.getByRole('checkbox', { name: 'Compare Talker One' }));
    const compare = await screen.findByRole('link', { name: 'Compare (2)' });
    expect(compare.getAttribute('href')).toBe(`/aac/compare?ids=${GAZE_TABLET},${TALKER}`);
    expect(location.history?.at(-1)).toBe(`/aac?compare=${GAZE_TABLET},${TALKER}`);
    expect(screen.getByText('2 products chosen for comparison, up to 4.')).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: 'Compare Symbol Talk' }));
    await user.click(screen.getByRole('checkbox', { name: 'Compare Board Builder' }));
    expect(await screen.findByText('4 products chosen: the most a comparison holds.')).toBeTruthy();
    const fifth = screen.getByRole('checkbox', { name: 'Compare Switch Speaker' }) as HTMLInputElement;
    expect(fifth.disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Compare Talker One' }) as HTMLInputElement).checked).toBe(
      true,
    );

    await user.click(screen.getByRole('checkbox', { name: 'Compare Talker One' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Compare (3)' }).getAttribute('href')).toBe(
        `/aac/compare?ids=${GAZE_TABLET},${SYMBOL_APP},${BOARD_APP}`,
      ),
    );
    expect(fifth.disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Clear the comparison' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/aac'));
    expect(screen.queryByRole('link', { name: /^Compare \(/ })).toBeNull();
  });

  it('links below the home page without a doubled slash', async () => {
    open('/', { pagePath: '/' });
    await screen.findByRole('list', { name: 'AAC products' }, SLOW);
    expect(
      within(cardOf('Switch Speaker')).getByRole('link', { name: 'Switch Speaker' }).getAttribute('href'),
    ).toBe(`/${SWITCH_APP}`);
    expect(screen.getByRole('link', { name: 'Suggest a product' }).getAttribute('href')).toBe(
      '/contribution',
    );
  });
});

describe('an AAC product’s page', () => {
  it('shows the product with its sellers, systems, access notes and features, in place of the catalogue', async () => {
    open(`/aac/${GAZE_TABLET}`, { title: 'Find a communication aid' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gaze Tablet 15' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Find a communication aid' })).toBeNull();
    const image = screen.getByRole('img', { name: 'A tablet on a stand' });
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['320', '240']);
    expect((await screen.findByText('one minute')).tagName).toBe('STRONG');
    expect(document.querySelector('article script')).toBeNull();
    expect(screen.getByRole('link', { name: /Website of Gaze Tablet 15/ }).getAttribute('href')).toBe(
      'https://gaze.example.org',
    );
    expect(screen.getByRole('link', { name: /Gaze Shop/ }).getAttribute('href')).toBe(
      'https://shop.example.org',
    );

    const facts = (term: string) =>
      screen.getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(facts('Compatible systems')).toBe('Windows');
    expect(facts('Installed systems')).toBe('WindowsWindows 11, set up for eye gaze.');
    expect(facts('Integration type')).toBe('Built-in software');
    expect(facts('Keyboard types')).toBe('QWERTY');
    expect(facts('Pictogram types')).toBe('PCS');
    expect(facts('Conjugation types')).toBe('Automatic verbs');

    const access = screen.getByRole('heading', { level: 2, name: 'Access' }).nextElementSibling!;
    expect(
      within(access as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Eye gazeCalibrate with five points.', 'Scanning']);
    expect(screen.getByRole('link', { name: 'Compare with other products' }).getAttribute('href')).toBe(
      `/aac?compare=${GAZE_TABLET}`,
    );
    expect(screen.getByRole('link', { name: 'Suggest a product' }).getAttribute('href')).toBe(
      '/aac/contribution',
    );
    expect(screen.getByRole('link', { name: 'Back to the AAC products' }).getAttribute('href')).toBe('/aac');
    await waitFor(() => expect(document.title).toContain('Gaze Tablet 15'));
  });

  it('does not list installed systems for software', async () => {
    open(`/aac/${SYMBOL_APP}`);
    await screen.findByRole('heading', { level: 1, name: 'Symbol Talk' }, SLOW);
    expect(screen.queryByText('Installed systems')).toBeNull();
    expect(screen.getByText('No seller is known yet.')).toBeTruthy();
  });

  it('says a product that is unknown or not published is not in the catalogue', async () => {
    open(`/aac/${DRAFT}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This product is not in the catalogue' }, SLOW),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the AAC products' }).getAttribute('href')).toBe('/aac');
  });
});

describe('the comparison of AAC products', () => {
  it('sets the products side by side in a data table and removes one', async () => {
    const user = userEvent.setup();
    const { location } = open(`/aac/compare?ids=${GAZE_TABLET},${TALKER},${SYMBOL_APP}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Compare AAC products' }, SLOW)).toBeTruthy();
    const table = await screen.findByRole('table', {
      name: 'The products compared: Gaze Tablet 15, Talker One, and Symbol Talk',
    });
    expect(within(screen.getByRole('region', { name: 'Comparison table' })).getByRole('table')).toBe(table);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Gaze Tablet 15', 'Talker One', 'Symbol Talk']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Device or software',
      'Short description',
      'Compatible systems',
      'Installed systems',
      'Access types',
      'Integration type',
      'Keyboard types',
      'Pictogram types',
      'Conjugation types',
      'Where to buy it',
      'Website',
      'Comparison',
    ]);
    const row = (name: string) =>
      within(within(table).getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(row('Device or software')).toEqual(['Device', 'Device', 'Software']);
    expect(row('Installed systems')).toEqual(['Windows', 'None', 'Not a device']);
    expect(row('Access types')).toEqual([
      'Eye gazeScanning',
      'Direct pointing',
      'Direct pointingHead pointer',
    ]);
    expect(within(table).getByRole('link', { name: 'Talker One' }).getAttribute('href')).toBe(
      `/aac/${TALKER}`,
    );

    await user.click(within(table).getByRole('button', { name: 'Remove Talker One' }));
    await waitFor(() =>
      expect(location.history?.at(-1)).toBe(`/aac/compare?ids=${GAZE_TABLET},${SYMBOL_APP}`),
    );
    expect(screen.getByText('Talker One is no longer compared.').getAttribute('role')).toBe('status');
    await waitFor(() =>
      expect(
        within(screen.getByRole('table'))
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Gaze Tablet 15', 'Symbol Talk']),
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));

    await user.click(screen.getByRole('button', { name: 'Remove Symbol Talk' }));
    expect(
      await screen.findByText(/Choose at least two products, and up to 4, to compare them./),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'Choose products in the catalogue' }).getAttribute('href')).toBe(
      `/aac?compare=${GAZE_TABLET}`,
    );
  });

  it('leaves out a product no longer in the catalogue, and explains fewer than two', async () => {
    const { server } = open(`/aac/compare?ids=${GAZE_TABLET},${DRAFT}`);
    expect(
      await screen.findByText('1 of the products chosen is no longer in the catalogue.', undefined, SLOW),
    ).toBeTruthy();
    expect(screen.getByText(/Choose at least two products/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(server.finds.sort()).toEqual([GAZE_TABLET, DRAFT].sort());
  });

  it('compares no more than the most a comparison holds', async () => {
    const { server } = open(
      `/aac/compare?ids=${GAZE_TABLET},${TALKER},${SYMBOL_APP},${BOARD_APP},${SWITCH_APP}`,
    );
    const table = await screen.findByRole('table', undefined, SLOW);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    expect(screen.getByText('A comparison holds up to 4 products: the first ones are shown.')).toBeTruthy();
    expect(server.finds).not.toContain(SWITCH_APP);
  });
});

describe('the AAC products component’s contribution sub-routes', () => {
  it('hands {path}/contribution and {path}/contribution/{id} to the contribution feature’s screen', async () => {
    // the screen itself is the contribution feature's (and its tests'); here, it takes the catalogue's place
    for (const path of ['/aac/contribution', `/aac/contribution/${TALKER}`]) {
      const { server, unmount } = open(path, { title: 'Find a communication aid' });
      expect(await screen.findByRole('heading', { level: 1 }, SLOW)).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Find a communication aid' })).toBeNull();
      expect(screen.queryByRole('list', { name: 'AAC products' })).toBeNull();
      expect(server.lists).toHaveLength(0);
      expect(server.finds).not.toContain('contribution');
      unmount();
    }
  });
});
