/**
 * Where the AAC products component's screens are below its page (seed 000 §2.6): `{path}/{id}` a product,
 * `{path}/compare?ids=a,b` the comparison, `{path}/contribution` and `{path}/contribution/{id}` a member's
 * contribution (features/aac-contribution). `basePath` is the page's path, '' for the home page. Nothing imported
 * here: the CMS block reads it.
 */

export const COMPARE_SEGMENT = 'compare';
export const CONTRIBUTION_SEGMENT = 'contribution';

export const productPath = (basePath: string, id: string) => `${basePath}/${encodeURIComponent(id)}`;

const idList = (ids: readonly string[]) => ids.map(encodeURIComponent).join(',');

export const comparePath = (basePath: string, ids: readonly string[]) =>
  `${basePath}/${COMPARE_SEGMENT}?ids=${idList(ids)}`;

export const contributionPath = (basePath: string) => `${basePath}/${CONTRIBUTION_SEGMENT}`;

/** A contribution's sub-route: `contribution` (a new product: productId null) or `contribution/{id}`; else null. */
export function contributionOf(segment: string | null): { productId: string | null } | null {
  if (segment === CONTRIBUTION_SEGMENT) return { productId: null };
  if (segment?.startsWith(`${CONTRIBUTION_SEGMENT}/`))
    return { productId: segment.slice(CONTRIBUTION_SEGMENT.length + 1) || null };
  return null;
}

/** The catalogue, with these products chosen for comparison. */
export const cataloguePath = (basePath: string, compare: readonly string[] = []) =>
  `${basePath || '/'}${compare.length > 0 ? `?compare=${idList(compare)}` : ''}`;

/** The ids of a comma-separated list from the URL, each once, in their order (blanks left out). */
export function parseIds(value: string | null): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
}
