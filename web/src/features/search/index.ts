/* What the global search offers: the top bar's button and its dialog (loaded once the page has painted), and its page. */
export { GlobalSearchEntry } from './top-bar-entry.tsx';
export { searchRoutes } from './routes.tsx';
