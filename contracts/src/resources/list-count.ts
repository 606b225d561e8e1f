/**
 * The most records a list counts (ADR 0045): past it, `meta.total` says "at least this many" with
 * `meta.totalCapped: true`, as counting every matching row made a long list's every page as slow as its length.
 */
export const LIST_COUNT_CAP = 1000;

/**
 * How far a list's page counts: the cap, or the end of the page when the page lies past it (a deep page's count
 * always reaches its own rows, so that it can tell whether a next page follows).
 */
export function listCountBound(page: { offset: number; size: number }, cap: number = LIST_COUNT_CAP): number {
  return Math.max(cap, page.offset + page.size);
}
