import { defineResource } from '@platform/contracts/resources/definition';
import { render, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { IntlProvider } from 'react-intl';
import { ThemeProvider } from 'styled-components';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { fakeJson, type FakeRequest } from '../../../frame/testing/render-app.tsx';
import { ApiProvider } from '../../api/api-context.tsx';
import { allMessages } from '../../i18n/all-messages.ts';
import { NavigationProvider } from '../../routing/router.tsx';
import { DEFAULT_ACCESSIBILITY } from '../../state/accessibility.ts';
import { buildTheme } from '../../theme/theme.ts';
import { ToastProvider } from '../../toast/toast-context.tsx';
import { listMeta, route } from '../admin-testing.ts';
import {
  ResourceExtensionsProvider,
  type ListActionsProps,
  type ResourceScreenExtensions,
} from './extensions.tsx';
import { IndexScreen } from './index-screen.tsx';
import { listHref, type ListSearch } from './list-query.ts';

const gadgetResource = defineResource({
  type: 'gadgets',
  singular: 'gadget',
  category: 'gadget',
  eventPrefix: 'Gadget',
  module: 'gadgets',
  menu: { group: null, icon: 'widgets' },
  attributes: z.object({
    name: z.string().min(1).max(100),
    active: z.boolean().default(false),
    colour: z.enum(['red', 'blue']).nullable().default(null),
  }),
  softDeletable: true,
  access: {
    see: 'admin',
    index: 'admin',
    show: 'admin',
    create: 'admin',
    update: 'admin',
    delete: 'admin',
    softDelete: 'admin',
    restore: 'admin',
  },
  filters: ['active', 'colour'],
  search: ['name'],
  sorts: ['name'],
  defaultSort: { field: 'name', direction: 'asc' },
  title: 'name',
});
/** the screen's first render, on a machine other work shares */
const FIRST_SCREEN = { timeout: 25_000 };
const ADMIN = { userId: 'me-1', roles: [], accessWeight: 0, isAdmin: true } as const;

/** A module's list action as a test sees it: the view it was given, in words a query can find. */
function ShowTheView({ definition, viewer, search }: ListActionsProps) {
  return (
    <section aria-label="Module action">
      <p>{`${definition.type} for ${viewer.userId ?? 'nobody'}`}</p>
      <pre data-testid="view">{JSON.stringify(search)}</pre>
    </section>
  );
}
// loaded later, as a module's action is: the slot waits for it
const LazyAction = lazy(() => Promise.resolve({ default: ShowTheView }));

function renderList(path: string, extensions: ResourceScreenExtensions) {
  const location = memoryLocation({ path, record: true });
  const reads: FakeRequest[] = [];
  const handlers = [
    route('GET', '/api/v1/gadgets', () => fakeJson(200, { data: [], meta: listMeta(0) }), reads),
  ];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url,
      body: undefined,
      headers: new Headers(),
    };
    for (const handler of handlers) {
      const answer = handler(request);
      if (answer) return answer;
    }
    return fakeJson(404, { errors: [{ status: '404', code: 'not_found', detail: 'no route' }] });
  }) as typeof fetch;
  render(
    <ThemeProvider theme={buildTheme(false, DEFAULT_ACCESSIBILITY)}>
      <IntlProvider locale="en" messages={allMessages('en')}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <ApiProvider fetchFn={fetchFn}>
            <NavigationProvider>
              <ToastProvider>
                <ResourceExtensionsProvider value={extensions}>
                  <IndexScreen definition={gadgetResource} viewer={ADMIN} />
                </ResourceExtensionsProvider>
              </ToastProvider>
            </NavigationProvider>
          </ApiProvider>
        </Router>
      </IntlProvider>
    </ThemeProvider>,
  );
  return { reads };
}

const viewShown = async () =>
  JSON.parse((await screen.findByTestId('view', {}, FIRST_SCREEN)).textContent ?? '') as ListSearch;

describe('a module’s actions on a list of the back office', () => {
  it('are given the list’s search, order and filters as its address has them, beside “New record”', async () => {
    renderList(
      '/admin/resources/gadgets/index?search=blue%20one&sort=-name&f.active=true&f.colour=&trashed=with&page=3',
      { gadgets: { listActions: LazyAction } },
    );
    expect(await viewShown()).toEqual({
      search: 'blue one',
      sort: '-name',
      filters: { active: 'true' },
      trashed: 'with',
    });
    const action = screen.getByRole('region', { name: 'Module action' });
    expect(within(action).getByText('gadgets for me-1')).toBeTruthy();
    // with the list's own actions, beside its title
    const create = screen.getByRole('link', { name: 'New record' });
    expect(create.parentElement).toBe(action.parentElement);
    expect(screen.getByRole('heading', { level: 1 }).parentElement).toBe(create.parentElement!.parentElement);
  });

  it('are given no order the address does not ask for, nor one the type does not take', async () => {
    renderList('/admin/resources/gadgets/index?sort=secret', { gadgets: { listActions: LazyAction } });
    expect(await viewShown()).toEqual({ search: null, sort: null, filters: {}, trashed: null });
  });

  it('are not there when the type’s module declares none', async () => {
    const { reads } = renderList('/admin/resources/gadgets/index', { coupons: { listActions: LazyAction } });
    await screen.findByRole('link', { name: 'New record' }, FIRST_SCREEN);
    await waitFor(() => expect(reads.length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Module action' })).toBeNull();
  });

  it('make an address of a view that the list reads back as the same view', async () => {
    const view: ListSearch = {
      search: 'Ana & Bo',
      sort: 'name',
      filters: { colour: 'blue', active: 'false' },
      trashed: 'only',
    };
    const href = listHref('gadgets', view);
    expect(href).toBe(
      '/admin/resources/gadgets/index?search=Ana+%26+Bo&sort=name&f.active=false&f.colour=blue&trashed=only',
    );
    const { reads } = renderList(href, { gadgets: { listActions: LazyAction } });
    expect(await viewShown()).toEqual(view);
    // and the list asks the server for it
    const asked = reads.at(-1)!.url.searchParams;
    expect(asked.get('filter[search]')).toBe('Ana & Bo');
    expect(asked.get('filter[colour]')).toBe('blue');
    expect(asked.get('filter[trashed]')).toBe('only');
    expect(listHref('gadgets', { search: null, sort: null, filters: {}, trashed: null })).toBe(
      '/admin/resources/gadgets/index',
    );
  });
});
