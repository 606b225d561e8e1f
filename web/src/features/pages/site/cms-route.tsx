import { useSetAtom } from 'jotai';
import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../../kit/api/errors.ts';
import { revealApp } from '../../../kit/loading/reveal.ts';
import { endpoints } from '../../../kit/api/endpoints.ts';
import type { ResolvedRoute } from '../../../kit/api/documents.ts';
import { useApi } from '../../../kit/api/api-context.tsx';
import { collapseSlashes, useNavigation, useRawSearch } from '../../../kit/routing/router.tsx';
import { useT } from '../../../kit/i18n/use-t.ts';
import { ActionRow, Lead, PageContainer } from '../../../kit/ui/page-container.tsx';
import { InlineLoader } from '../../../kit/loading/chrome.tsx';
import { routeLoadingAtom } from '../../../kit/state/app-status.ts';
import { PlainButton } from '../../../kit/ui/plain.tsx';
import { EditPageEntry } from '../editor/edit-page-entry.tsx';
import { CmsPage } from './cms-page.tsx';
import { splitNestedSubRoute, splitSubRoute, SUB_ROUTE_COMPONENTS, type CmsSubRoute } from './sub-route.ts';
import type { ApiClient } from '../../../kit/api/client.ts';

type PageRoute = Extract<ResolvedRoute['data'], { kind: 'page' }>;
type State =
  | { status: 'loading' }
  | { status: 'page'; route: PageRoute; subRoute: CmsSubRoute | null }
  | { status: 'failed' };

/**
 * A path nothing is published at may be a component's sub-route (seed 000 §2.6): its parent page, when it has
 * a component that adds sub-routes, shows the first such component with the last segment; a nested sub-route
 * ({path}/assertions/{id}) is looked for two segments up. Null otherwise.
 */
async function resolveSubRoute(
  api: ApiClient,
  path: string,
  search: string,
  signal: AbortSignal,
): Promise<{ route: PageRoute; subRoute: CmsSubRoute } | null> {
  const candidates = [
    ...(splitSubRoute(path) ? [{ ...splitSubRoute(path)!, components: SUB_ROUTE_COMPONENTS }] : []),
    ...(splitNestedSubRoute(path) ? [splitNestedSubRoute(path)!] : []),
  ];
  for (const split of candidates) {
    const parent = await endpoints.resolveRoute(api, split.parent, search, signal).catch(() => null);
    if (parent?.data.kind !== 'page') continue;
    // one component shows the sub-route: a page with two of them would show the badge twice
    const component = parent.data.components.find((c) =>
      (split.components as readonly string[]).includes(c.attributes.name),
    );
    if (!component) continue;
    return {
      route: { ...parent.data, components: [component] },
      subRoute: { pagePath: parent.data.page.attributes.path, segment: split.segment },
    };
  }
  return null;
}

/** Where the resolver's redirect goes: a path of this site through the router, anything else by the browser. */
export function redirectTarget(location: string): { internal: string } | { external: string } | null {
  if (location.startsWith('/') && !location.startsWith('//')) return { internal: location };
  try {
    const url = new URL(location);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { external: url.href } : null;
  } catch {
    return null;
  }
}

/**
 * Every path the app has no screen for (seed 000 §2.6): the read model says whether it is a page, a redirection
 * (followed in place of the current history entry, query string kept) or nothing (not-found; unauthorized with
 * the path as redirectUrl when the page exists but this visitor may not see it).
 */
export function CmsRoute() {
  const t = useT();
  const api = useApi();
  const [location] = useLocation();
  // the query as the address has it: the resolver is given it raw (useSearch decodes it)
  const search = useRawSearch();
  const { navigate } = useNavigation();
  const setRouteLoading = useSetAtom(routeLoadingAtom);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const path = collapseSlashes(location);

  useEffect(() => {
    const controller = new AbortController();
    setState((s) => (s.status === 'page' ? s : { status: 'loading' }));
    setRouteLoading(true);
    endpoints
      .resolveRoute(api, path, search, controller.signal)
      .then((resolved) => {
        if (resolved.data.kind === 'page') {
          setState({ status: 'page', route: resolved.data, subRoute: null });
          return;
        }
        const target = redirectTarget(resolved.data.location);
        if (target && 'internal' in target)
          navigate(target.internal + window.location.hash, { replace: true });
        else if (target) window.location.replace(target.external);
        else navigate('/errors/not-found', { replace: true });
      })
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        const kind = error instanceof ApiError ? error.kind : 'unexpected';
        if (kind === 'not-found') {
          const sub = await resolveSubRoute(api, path, search, controller.signal);
          if (controller.signal.aborted) return;
          if (sub) {
            setState({ status: 'page', ...sub });
            return;
          }
        }
        const here = path + (search ? `?${search}` : '');
        if (kind === 'not-found') navigate('/errors/not-found', { replace: true });
        else if (kind === 'forbidden')
          navigate(`/errors/unauthorized?redirectUrl=${encodeURIComponent(here)}`, { replace: true });
        // network and server failures raised the shell's dialog; the page offers to try again
        else setState({ status: 'failed' });
      })
      .finally(() => {
        if (!controller.signal.aborted) setRouteLoading(false);
      });
    return () => {
      controller.abort();
      setRouteLoading(false);
    };
  }, [api, path, search, navigate, setRouteLoading, attempt]);

  // the page the server painted (ADR 0018) gives way when the app shows anything else in its place: a failure
  // here, or another screen (a redirection, not found) once this route is left
  useLayoutEffect(() => {
    if (state.status === 'failed') revealApp();
  }, [state.status]);
  useLayoutEffect(() => () => revealApp(), []);

  const route = state.status === 'page' ? state.route : null;
  const subRoute = state.status === 'page' ? state.subRoute : null;

  // a new page starts at its top, unless the URL names a section (CmsPage scrolls there)
  const pageId = route?.page.id;
  useEffect(() => {
    if (pageId && !window.location.hash) window.scrollTo(0, 0);
  }, [pageId]);

  if (state.status === 'failed') {
    return (
      <PageContainer>
        <h1>{t('cms.loadFailed')}</h1>
        <Lead>{t('cms.loadFailedDescription')}</Lead>
        <ActionRow>
          <PlainButton onClick={() => setAttempt((n) => n + 1)}>{t('cms.retry')}</PlainButton>
        </ActionRow>
      </PageContainer>
    );
  }
  if (!route) return <InlineLoader aria-label={t('app.loading')} />;
  // the page suspends here while its blocks' code loads, not at the route's boundary: there it would hide this
  // route, whose leaving reveals the app (above), and the reader would see neither the painted page nor the app's
  return (
    <>
      <Suspense fallback={<InlineLoader aria-label={t('app.loading')} />}>
        <CmsPage
          key={`${route.page.id}${subRoute ? `/${subRoute.segment}` : ''}`}
          pageId={route.page.id}
          title={route.page.attributes.title}
          styles={route.page.attributes.styles}
          components={route.components}
          subRoute={subRoute}
          // a sub-route's component names the page itself (a rental model's page: the model's name)
          names={
            subRoute
              ? null
              : { title: route.page.attributes.title, description: route.page.attributes.description }
          }
        />
      </Suspense>
      <EditPageEntry pageId={route.page.id} />
    </>
  );
}
