// PLACEHOLDER written by the shell so the app runs; the CMS work replaces this file whole.
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiError } from '../api/errors.ts';
import { endpoints } from '../api/endpoints.ts';
import type { ResolvedRoute } from '../api/documents.ts';
import { useApi } from '../app/api-context.tsx';
import { usePageTitle } from '../app/page-title.ts';
import { useNavigation } from '../app/router.tsx';
import { InlineLoader } from '../shell/chrome.tsx';
import { PageContainer } from '../screens/page-container.tsx';

/** Resolves the visited path: a page (its components' names, for now), a redirect, or an error screen. */
export function CmsRoute() {
  const api = useApi();
  const [path] = useLocation();
  const search = useSearch();
  const { navigate } = useNavigation();
  const [route, setRoute] = useState<ResolvedRoute | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setRoute(null);
    endpoints
      .resolveRoute(api, path, search, controller.signal)
      .then((resolved) => {
        if (resolved.data.kind === 'redirect') navigate(resolved.data.location, { replace: true });
        else setRoute(resolved);
      })
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) return;
        const here = encodeURIComponent(path + (search ? `?${search}` : ''));
        if (error.kind === 'not-found') navigate('/errors/not-found', { replace: true });
        if (error.kind === 'forbidden')
          navigate(`/errors/unauthorized?redirectUrl=${here}`, { replace: true });
      });
    return () => controller.abort();
  }, [api, path, search, navigate]);

  const page = route?.data.kind === 'page' ? route.data : null;
  usePageTitle(page?.page.attributes.title ?? null, page?.page.attributes.description);
  if (!page) return <InlineLoader />;
  return (
    <PageContainer>
      <h1>{page.page.attributes.title}</h1>
      {page.components.map((c) => (
        <section key={c.id} id={c.attributes.viewId ?? `page-section-${c.attributes.position}`}>
          <p>{c.attributes.name}</p>
        </section>
      ))}
    </PageContainer>
  );
}
