import { useParams } from 'wouter';
import { ADMIN_ROUTES } from '../../kit/admin/access.ts';
import { useRedirect } from '../../kit/admin/route-redirect.ts';
import { RESOURCES_BASE } from '../../kit/admin/resources/paths.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import type { SessionUser } from '../../kit/session/documents.ts';
import { useSession } from '../../kit/session/session.tsx';

/**
 * The ids that stand for "the organization I act as" in an organization's back-office address (seed 000 §2.4):
 * `/admin/resources/organizations/{action}/my-lab` and `/my-organization`, as the menu and old links name them.
 */
export const MY_ORGANIZATION_PATHS = [
  '/admin/resources/organizations/:action/my-lab',
  '/admin/resources/organizations/:action/my-organization',
] as const;

/**
 * Where such an address leads: the record of the organization the viewer acts as, in the same action; anyone
 * acting as nobody, to the dashboard. The back office calls its edit screen `update`; an `edit` link leads there.
 */
export function myOrganizationTarget(
  action: string,
  viewer: Pick<SessionUser, 'actingAsOrganizationId'>,
): string {
  const organization = viewer.actingAsOrganizationId;
  if (!organization) return ADMIN_ROUTES.dashboard;
  const screen = action === 'edit' ? 'update' : action;
  return `${RESOURCES_BASE}/organizations/${encodeURIComponent(screen)}/${encodeURIComponent(organization)}`;
}

/**
 * When the organizations feature is on, sends the signed-in viewer on (in place of this address) to
 * myOrganizationTarget; when it is off, the address is the generic back office's like any other (`otherwise`).
 */
export function MyOrganizationRoute({ otherwise }: { otherwise: React.ReactNode }) {
  const { action = 'show' } = useParams<{ action: string }>();
  const { user, features } = useSession();
  const t = useT();
  const target = features.organizations && user ? myOrganizationTarget(action, user) : null;
  useRedirect(target);
  if (!features.organizations) return otherwise;
  return <InlineLoader aria-label={t('app.loading')} />;
}
