import { readComponentProps } from '@platform/contracts/pages/components';
import { configure, render } from '@testing-library/react';
import { vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../app.tsx';
import { allMessages } from '../../kit/i18n/all-messages.ts';

const en = allMessages('en');
import { STORAGE_KEYS } from '../../kit/state/storage-keys.ts';
import { fakeFetch } from './render-app.tsx';

// the first render of a file loads the whole app's modules: give it more than the default second
configure({ asyncUtilTimeout: 5000 });

export interface TestComponent {
  name: string;
  viewId?: string | null;
  props: Record<string, unknown>;
}

/**
 * The resolver's answer for a page of these components, read as the server reads them
 * (query-api/src/routes/routes.ts): props with the contract's defaults, a component it cannot read left out (its
 * stored position kept by the others).
 */
export function pageAnswer(path: string, title: string, components: TestComponent[]) {
  return {
    status: 200,
    body: {
      data: {
        kind: 'page',
        page: {
          type: 'app-pages',
          id: `page${path.replace(/\W/g, '-')}`,
          attributes: {
            path,
            title,
            description: `${title} description`,
            styles: '',
            requiresAuth: false,
            accessLevel: null,
            roles: [],
            isDefault: path === '/',
            createdAt: '2026-01-01T00:00:00.000Z',
            updatedAt: '2026-01-01T00:00:00.000Z',
          },
        },
        components: components.flatMap((c, position) => {
          const props = readComponentProps(c.name, c.props);
          return props === null
            ? []
            : [
                {
                  type: 'app-page-components',
                  id: `c${position}`,
                  attributes: { name: c.name, viewId: c.viewId ?? null, position, props },
                },
              ];
        }),
      },
      meta: { path },
    },
  };
}

/** The visitor's saved cookie choice; without one the first-visit dialog would cover the page. */
export function consent(choices: { youtube?: boolean; vimeo?: boolean } = {}) {
  localStorage.setItem(
    STORAGE_KEYS.cookieConsent,
    JSON.stringify({ essentials: true, youtube: false, vimeo: false, ...choices }),
  );
}

/**
 * The whole app at `/` showing one CMS page, with the shell's fake network edge (testing/render-app.tsx) plus
 * the home-stats read; `homeStatsCalls` counts the community-numbers requests.
 */
export function renderCmsPage(components: TestComponent[], title = 'Home') {
  // jsdom does not scroll; a new page asks to start at its top
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const { fetchFn: shellFetch, calls } = fakeFetch({ routes: { '/': pageAnswer('/', title, components) } });
  let homeStatsCalls = 0;
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input), 'http://localhost').pathname === '/api/v1/services/home-stats') {
      homeStatsCalls += 1;
      return new Response(
        JSON.stringify({
          data: { organizationsCount: 1234, repositoryItemsCount: 56, accompaniedPatientsCount: 7 },
        }),
        { status: 200, headers: { 'Content-Type': 'application/vnd.api+json' } },
      );
    }
    return shellFetch(input, init);
  }) as typeof fetch;
  const location = memoryLocation({ path: '/', record: true });
  const view = render(
    <App
      locale="en"
      messages={en}
      fetchFn={fetchFn}
      routerHook={location.hook}
      searchHook={location.searchHook}
    />,
  );
  return { ...view, location, calls, homeStatsCalls: () => homeStatsCalls };
}
