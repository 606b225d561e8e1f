import { allows, APP_ADMINS } from '@platform/contracts/resources/access';
import { useParams } from 'wouter';
import { ADMIN_ROUTES } from '../../kit/admin/access.ts';
import { AsItWasScreen } from '../../kit/admin/resources/as-it-was-screen.tsx';
import { HistoryScreen } from '../../kit/admin/resources/history-screen.tsx';
import { parseResourceRoute } from '../../kit/admin/resources/paths.ts';
import { viewerFacts } from '../../kit/admin/resources/viewer.ts';
import { useRedirect, useUnauthorizedPath } from '../../kit/admin/route-redirect.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { useSignedInUser } from '../../kit/session/session.tsx';
import { InlineLoader } from '../../kit/loading/chrome.tsx';
import { MenuEditorScreen } from './menu-editor-screen.tsx';
import { menuItemHistoryDefinition } from './menu-item-history.ts';
import { menuEditorPaths } from './paths.ts';

/**
 * /admin/resources/app-menu-items[/index] (admin.app-menu-items, seed 000 §2.4): the menu tree editor, for the
 * application administrators (seed 001 §6; admin role checks include the admin role). An item's history and
 * "as it was" are the back office's generic screens; `show/{id}` opens the tree on that item. Anyone else gets
 * the unauthorized screen, with the way back after signing in as someone else.
 */
export function MenuEditorRoute() {
  const params = useParams<{ action?: string; id?: string; revision?: string }>();
  const user = useSignedInUser();
  const t = useT();
  const unauthorized = useUnauthorizedPath();
  const route = parseResourceRoute({ resource: menuItemHistoryDefinition.type, ...params });
  const allowed = allows(APP_ADMINS, viewerFacts(user));

  let redirect: string | null = null;
  if (!allowed) redirect = unauthorized;
  else if (!route || route.action === 'create' || route.action === 'update') redirect = ADMIN_ROUTES.notFound;
  else if (route.action === 'show') redirect = menuEditorPaths.focus(route.id);
  useRedirect(redirect);

  if (redirect || !route) return <InlineLoader aria-label={t('app.loading')} />;
  switch (route.action) {
    case 'history':
      return <HistoryScreen key={route.id} definition={menuItemHistoryDefinition} id={route.id} />;
    case 'asItWas':
      return (
        <AsItWasScreen
          key={`${route.id}:${route.revision}`}
          definition={menuItemHistoryDefinition}
          id={route.id}
          revision={route.revision}
        />
      );
    default:
      return <MenuEditorScreen />;
  }
}
