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
 * them as in a browser (the first screen's, then the others when a screen needs them).
 */
export function renderApp(path: string, api: FakeApi = {}, { loadMessages = false } = {}) {
  const location = memoryLocation({ path, record: true });
  const { fetchFn, calls } = fakeFetch(api);
  const view = render(
    <App
      locale="en"
      messages={loadMessages ? undefined : en}
      fetchFn={fetchFn}
      routerHook={location.hook}
      searchHook={location.searchHook}
    />,
  );
  return { ...view, location, calls };
}
