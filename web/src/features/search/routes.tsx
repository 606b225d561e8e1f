import { Route } from 'wouter';
import { FEATURES } from '../../kit/build-info.ts';
import { lazyScreen } from '../../kit/lazy/lazy-screen.ts';
import { Guarded } from '../../kit/session/guarded.tsx';
import { SEARCH_PAGE_PATH } from './paths.ts';

const SearchScreen = lazyScreen(() =>
  import('./search-screen.tsx').then((m) => ({ default: m.SearchScreen })),
);

/** /services/search (seed 000 §2.2): the global search's page, for anybody, when the feature is on. */
export const searchRoutes = FEATURES.globalSearch ? (
  <Route path={SEARCH_PAGE_PATH}>
    <Guarded requirement="public">
      <SearchScreen />
    </Guarded>
  </Route>
) : null;
