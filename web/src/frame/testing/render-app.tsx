import { render } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../app.tsx';
import { allMessages } from '../../kit/i18n/all-messages.ts';
import { fakeFetch, type FakeApi } from '../../kit/testing/fake-api.ts';

// the network edge the component tests replace (kit/testing/fake-api.ts), named here too for the tests' ease
export {
  ALL_FEATURES,
  fakeFetch,
  fakeJson,
  type FakeApi,
  type FakeRequest,
} from '../../kit/testing/fake-api.ts';

const en = allMessages('en');

/**
 * The whole app at `path` over a fake API, with every English message given; `loadMessages` lets the app load
 * them as in a browser (the first screen's, then the others when a screen needs them). `recordNavigations` keeps
 * every navigation as it was asked for (`navigations`: where to, and whether in place), which the memory history
 * hides when the screen led to sends the reader on in place.
 */
export function renderApp(
  path: string,
  api: FakeApi = {},
  { loadMessages = false, recordNavigations = false } = {},
) {
  const location = memoryLocation({ path, record: true });
  const navigations: Array<{ to: string; replace: boolean }> = [];
  const navigate: typeof location.navigate = (to, options) => {
    navigations.push({ to: String(to), replace: options?.replace ?? false });
    location.navigate(to, options);
  };
  const recording = () => [location.hook()[0], navigate] as ReturnType<typeof location.hook>;
  const { fetchFn, calls } = fakeFetch(api);
  const view = render(
    <App
      locale="en"
      messages={loadMessages ? undefined : en}
      fetchFn={fetchFn}
      routerHook={recordNavigations ? recording : location.hook}
      searchHook={location.searchHook}
    />,
  );
  return { ...view, location, calls, navigations };
}
