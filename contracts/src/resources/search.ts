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
