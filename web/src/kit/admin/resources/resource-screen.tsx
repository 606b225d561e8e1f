import { resourceDefinition } from '@platform/contracts/resources/catalogue';
import type { ResourceAction } from '@platform/contracts/resources/access';
import { useParams } from 'wouter';
import { InlineLoader } from '../../loading/chrome.tsx';
import { useSignedInUser } from '../../session/session.tsx';
import { ADMIN_ROUTES } from '../access.ts';
import { useRedirect, useUnauthorizedPath } from '../route-redirect.ts';
import { AsItWasScreen } from './as-it-was-screen.tsx';
import { FormScreen } from './form-screen.tsx';
import { HistoryScreen } from './history-screen.tsx';
import { IndexScreen } from './index-screen.tsx';
import { parseResourceRoute, resourcePaths, type ResourceRoute } from './paths.ts';
import { useResourceT } from './resource-ui.tsx';
import { ShowScreen } from './show-screen.tsx';
import { may, mayOpen, useEnvironmentLevels, viewerFacts } from './viewer.ts';

/** The action whose rule opens a screen: the history and "as it was" are part of showing a record. */
const ACTION_OF: Record<Exclude<ResourceRoute['action'], 'root'>, ResourceAction> = {
  index: 'index',
  create: 'create',
  show: 'show',
  update: 'update',
  history: 'show',
  asItWas: 'show',
};

/**
 * /admin/resources/{resource}/{action}/{id?}: every screen of the back office, built from the type's definition
 * (one lazy chunk). The bare type path goes to the list, or to the dashboard for a viewer who may not list it
 * or see the type (seed 000 §2.4); a screen whose action the viewer may not take is the unauthorized screen
 * (seed 001 §8), with the way back after signing in as someone else; an unknown type or action is not found.
 */
export function ResourceScreen() {
  const params = useParams<{ resource?: string; action?: string; id?: string; revision?: string }>();
  const user = useSignedInUser();
  const t = useResourceT();
  const unauthorized = useUnauthorizedPath();
  const route = parseResourceRoute(params);
  const definition = route ? resourceDefinition(route.type) : undefined;
  const viewer = viewerFacts(user, useEnvironmentLevels());

  let redirect: string | null = null;
  if (!route || !definition) redirect = ADMIN_ROUTES.notFound;
  else if (route.action === 'root')
    redirect =
      may(definition, 'see', viewer) && may(definition, 'index', viewer)
        ? resourcePaths.index(definition.type)
        : ADMIN_ROUTES.dashboard;
  else if (!mayOpen(definition, ACTION_OF[route.action], viewer)) redirect = unauthorized;
  useRedirect(redirect);

  if (redirect || !route || !definition || route.action === 'root')
    return <InlineLoader aria-label={t('app.loading')} />;
  // a screen per record: another record (or type) starts from a fresh state
  const key = `${definition.type}:${route.action}:${'id' in route ? route.id : ''}`;
  switch (route.action) {
    case 'index':
      return <IndexScreen key={key} definition={definition} viewer={viewer} />;
    case 'create':
      return <FormScreen key={key} definition={definition} id={null} viewer={viewer} />;
    case 'update':
      return <FormScreen key={key} definition={definition} id={route.id} viewer={viewer} />;
    case 'show':
      return <ShowScreen key={key} definition={definition} viewer={viewer} id={route.id} />;
    case 'history':
      return <HistoryScreen key={key} definition={definition} id={route.id} />;
    case 'asItWas':
      return (
        <AsItWasScreen
          key={`${key}:${route.revision}`}
          definition={definition}
          id={route.id}
          revision={route.revision}
        />
      );
  }
}
