import type { Locale } from '../enums.ts';

/**
 * Full-text search (a definition's `searchMode: 'fullText'`): PostgreSQL's text search configuration of each
 * locale, used as `<configuration>_unaccent` (a copy with unaccent before the stemmer, made by a migration) so
 * that "electrique" finds "électrique". A configuration the database lacks falls back to `simple`.
 */
export const SEARCH_CONFIGS = {
  en: 'english',
  fr: 'french',
  it: 'italian',
  es: 'spanish',
  ca: 'catalan',
  da: 'danish',
  ro: 'romanian',
} as const satisfies Record<Locale, string>;

/** The configuration of a locale's text when the database has none of its own language. */
export const FALLBACK_SEARCH_CONFIG = 'simple';

/** The name of the unaccented copy of a configuration: `french_unaccent`. */
export const unaccentConfig = (config: string): string => `${config}_unaccent`;

/**
 * The configuration to search a locale's text with, among those the database has (`pg_ts_config`): its
 * language's unaccented copy, or the unaccented `simple` one.
 */
export function searchConfig(locale: Locale, available: ReadonlySet<string>): string {
  const own = SEARCH_CONFIGS[locale];
  return unaccentConfig(available.has(own) ? own : FALLBACK_SEARCH_CONFIG);
}

/**
 * Where a record found by the global search is read on the web (a definition's `globalSearch.path`):
 * - `component`: the CMS component that shows the type's records (issue 21, ADR 0035): the first page the reader
 *   may open that shows it, then the record's key (`/repository/<id>`); none such: the result has no path;
 * - `route`: a route of the web's own, its `:key` the record's key (`/organizations/:key`).
 * `key` is `id` or an attribute of the record (a blog post's slug).
 */
export type GlobalSearchPath = { component: string; key: string } | { route: `/${string}`; key: string };

/**
 * A type's records in the global search (seed 000 §7 GET /services/global-search, ADR 0041): the attribute that is
 * a result's title, the one that is its description (rich text read as its text; none: no description), and
 * where its page is. Their translations are searched and shown in their locale like the rest of the record.
 */
export interface GlobalSearchSpec {
  title: string;
  description: string | null;
  path: GlobalSearchPath;
}

/** The longest global search (characters): a longer one is refused (422), not cut. */
export const GLOBAL_SEARCH_MAX_LENGTH = 200;
