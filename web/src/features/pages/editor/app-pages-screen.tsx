import { allows, APP_ADMINS } from '@platform/contracts/resources/access';
import { useParams } from 'wouter';
import { ADMIN_ROUTES } from '../../../kit/admin/access.ts';
import { viewerFacts } from '../../../kit/admin/resources/viewer.ts';
import { useRedirect, useUnauthorizedPath } from '../../../kit/admin/route-redirect.ts';
import { useT } from '../../../kit/i18n/use-t.ts';
import { useSignedInUser } from '../../../kit/session/session.tsx';
import { InlineLoader } from '../../../kit/loading/chrome.tsx';
import { PageAsItWasScreen, PageHistoryScreen } from './page-history.tsx';
import { PageEditorScreen } from './page-editor-screen.tsx';
import { PagePreviewScreen } from './page-preview-screen.tsx';
import { PagesListScreen } from './pages-list-screen.tsx';
import { pagePaths, parsePagesRoute } from './paths.ts';

/**
 * Every screen under /admin/resources/app-pages, for application administrators (seed 000 §6: the admin role
 * included): the list (the bare path goes to it), the editor (action page-template), its preview, the history
 * and "as it was". Anyone else gets the unauthorized screen, with the way back after signing in as someone else.
 */
export function AppPagesScreen() {
  const params = useParams<{ action?: string; id?: string; revision?: string }>();
  const user = useSignedInUser();
  const t = useT();
  const unauthorized = useUnauthorizedPath();
  const route = parsePagesRoute(params);
  const allowed = allows(APP_ADMINS, viewerFacts(user));

  let redirect: string | null = null;
  if (!allowed) redirect = unauthorized;
  else if (!route) redirect = ADMIN_ROUTES.notFound;
  else if (route.action === 'root') redirect = pagePaths.index;
  else if (route.action === 'show') redirect = pagePaths.edit(route.id);
  useRedirect(redirect);

  if (redirect || !route) return <InlineLoader aria-label={t('app.loading')} />;
  switch (route.action) {
    case 'index':
      return <PagesListScreen />;
    case 'edit':
      return <PageEditorScreen key={route.id} id={route.id} />;
    case 'preview':
      return <PagePreviewScreen key={route.id} id={route.id} />;
    case 'history':
      return <PageHistoryScreen key={route.id} id={route.id} />;
    case 'asItWas':
      return (
        <PageAsItWasScreen key={`${route.id}:${route.revision}`} id={route.id} revision={route.revision} />
      );
    default:
      return <InlineLoader aria-label={t('app.loading')} />;
  }
}
