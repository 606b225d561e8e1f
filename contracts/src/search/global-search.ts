import { z } from 'zod/v4';
import { GLOBAL_SEARCH_MAX_LENGTH } from '../resources/search.ts';

export { GLOBAL_SEARCH_MAX_LENGTH };

/** Results of each type per page, by default and at most (`page[size]`). */
export const GLOBAL_SEARCH_PAGE_SIZE = 5;
export const GLOBAL_SEARCH_PAGE_SIZE_MAX = 25;

/** A piece of a highlighted text: the words that matched the search are `match: true`. */
export const HighlightSegmentSchema = z.object({ text: z.string(), match: z.boolean() });
export type HighlightSegment = z.infer<typeof HighlightSegmentSchema>;

/**
 * One result (seed 000 §7: type, id, title, description, path): the record's title and an excerpt of its
 * description in the reader's locale, its page's path on the web (null when no page shows its type), and the same
 * title and excerpt cut into segments with the matched words marked (ts_headline), for the web to render as text.
 */
export const GlobalSearchItemSchema = z.object({
  type: z.string(),
  id: z.string(),
  title: z.string(),
  description: z.string(),
  path: z.string().nullable(),
  highlights: z.object({
    title: z.array(HighlightSegmentSchema),
    description: z.array(HighlightSegmentSchema),
  }),
});
export type GlobalSearchItem = z.infer<typeof GlobalSearchItemSchema>;

/**
 * GET /api/v1/services/global-search?search=…: the results the reader may read, best first (ts_rank), each type's
 * page of `page[size]`; `meta.hasMore` tells, per type searched, whether a next page has more.
 */
export const GlobalSearchDocumentSchema = z.object({
  data: z.array(GlobalSearchItemSchema),
  meta: z
    .object({
      hasMore: z.record(z.string(), z.boolean()),
      locale: z.string(),
    })
    .passthrough(),
});
export type GlobalSearchDocument = z.infer<typeof GlobalSearchDocumentSchema>;
