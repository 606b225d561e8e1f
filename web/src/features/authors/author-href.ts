/** Where an author's page is: a member's /users/{id}/profile, an organization's /organizations/{slug or id}. */
export function authorHref(author: { type: string; id: string; slug?: string | null }): string | null {
  if (author.type === 'users') return `/users/${encodeURIComponent(author.id)}/profile`;
  if (author.type === 'organizations')
    return `/organizations/${encodeURIComponent(author.slug ?? author.id)}`;
  return null;
}

/** An item's page under the page that shows its component (`basePath`), or null when no page shows it. */
export const itemHref = (basePath: string | null, key: string) =>
  basePath === null ? null : `${basePath === '/' ? '' : basePath}/${encodeURIComponent(key)}`;
