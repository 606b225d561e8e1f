import { authorHref } from '../authors/index.ts';
import { Link } from '../../kit/ui/link.tsx';
import type { AuthorView, OrganizationView } from './documents.ts';

/**
 * A publication item's author's name, linking to their public page (issue 21): a member's /users/{id}/profile, an
 * organization's page (by its slug when the item's document included it).
 */
export function AuthorLink({
  author,
  organization = null,
}: {
  author: AuthorView;
  organization?: OrganizationView | null;
}) {
  const slug = author.type === 'organizations' && organization?.id === author.id ? organization.key : null;
  const href = authorHref({ ...author, slug });
  return href ? <Link href={href}>{author.name}</Link> : <>{author.name}</>;
}
