import { deferred } from '../../kit/lazy/deferred.tsx';

/** The top bar's search button, loaded once the page has painted (issue 10). */
export const GlobalSearchEntry = deferred<object>(() =>
  import('./search-dialog.tsx').then((m) => m.GlobalSearchButton),
);
