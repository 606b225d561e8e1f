/** The full search page (seed 000 §2.2 /services/search), its words in `?search=`. */
export const SEARCH_PAGE_PATH = '/services/search';

export const searchPageHref = (words: string) =>
  `${SEARCH_PAGE_PATH}${words.trim() ? `?search=${encodeURIComponent(words.trim())}` : ''}`;
