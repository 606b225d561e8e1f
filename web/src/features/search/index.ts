/*
 * What the global search offers: the top bar's button and its dialog (loaded once the page has painted), its page,
 * and its panel for the page component (loaded with the first page that shows one).
 */
import { lazy } from 'react';

export { GlobalSearchEntry } from './top-bar-entry.tsx';
export { searchRoutes } from './routes.tsx';
export type { SearchMessages } from './search-panel.tsx';
export const SearchPanel = lazy(() => import('./search-panel.tsx').then((m) => ({ default: m.SearchPanel })));
