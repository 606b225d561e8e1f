/* What the global search offers: the top bar's button and its dialog (loaded once the page has painted). */
export { GlobalSearchEntry } from './top-bar-entry.tsx';
