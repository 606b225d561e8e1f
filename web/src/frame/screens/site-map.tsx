import { useAtomValue } from 'jotai';
import styled from 'styled-components';
import type { MenuNode } from '../../kit/api/documents.ts';
import { endpoints } from '../../kit/api/endpoints.ts';
import { useApi } from '../../kit/api/api-context.tsx';
import { isInternalHref, menuAtom } from '../../kit/routing/menu.ts';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useT } from '../../kit/i18n/use-t.ts';
import { useLoaded } from '../../kit/loading/use-loaded.ts';
import { LEGAL_LINKS } from '../shell/footer.tsx';
import { Link } from '../../kit/ui/link.tsx';
import { PageContainer } from '../../kit/ui/page-container.tsx';
import { fluidSize } from '../../kit/theme/theme.ts';

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(16rem, 100%), 1fr));
  gap: 2rem;
  ul {
    padding-left: 1.25rem;
  }
  li {
    margin: 0.375rem 0;
  }
  h2 {
    font-size: ${fluidSize(1.25)};
  }
`;

function MenuTree({ nodes }: { nodes: MenuNode[] }) {
  return (
    <ul>
      {nodes.map((n) => (
        <li key={n.id}>
          {n.href ? (
            <Link href={n.href} external={n.blank || !isInternalHref(n.href)}>
              {n.name}
            </Link>
          ) : (
            n.name
          )}
          {n.children.length ? <MenuTree nodes={n.children} /> : null}
        </li>
      ))}
    </ul>
  );
}

type PageEntry = { id: string; path: string; title: string };

/** /site-map (seed 000 §2.2): the menu as a tree, every page the visitor may open, and the service pages. */
export function SiteMapScreen() {
  const t = useT();
  const api = useApi();
  const menu = useAtomValue(menuAtom) ?? [];
  usePageTitle(t('siteMap.title'));
  const { state } = useLoaded(
    (signal) =>
      endpoints
        .pages(api, signal)
        .then((list) =>
          list
            .map((p): PageEntry => ({ id: p.id, path: p.attributes.path, title: p.attributes.title }))
            .sort((a, b) => a.path.localeCompare(b.path)),
        ),
    [api],
  );
  // a failed read lists no page: the menu and the service pages are still there
  const pages = state.status === 'ready' ? state.value : state.status === 'failed' ? [] : null;

  return (
    <PageContainer>
      <h1>{t('siteMap.title')}</h1>
      <Columns>
        {menu.length ? (
          <section aria-labelledby="site-map-menu">
            <h2 id="site-map-menu">{t('siteMap.menu')}</h2>
            <MenuTree nodes={menu} />
          </section>
        ) : null}
        <section aria-labelledby="site-map-pages" aria-busy={pages === null}>
          <h2 id="site-map-pages">{t('siteMap.pages')}</h2>
          {pages === null ? (
            <p>{t('app.loading')}</p>
          ) : (
            <ul>
              {pages.map((p) => (
                <li key={p.id}>
                  <Link href={p.path}>{p.title}</Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="site-map-services">
          <h2 id="site-map-services">{t('siteMap.services')}</h2>
          <ul>
            <li>
              <Link href="/accessibility">{t('accessibilityPage.title')}</Link>
            </li>
            <li>
              <Link href="/services/accessibility-guidelines">{t('accessibilityGuidelines.title')}</Link>
            </li>
            {LEGAL_LINKS.map((l) => (
              <li key={l.path}>
                <Link href={l.path}>{t(l.label)}</Link>
              </li>
            ))}
          </ul>
        </section>
      </Columns>
    </PageContainer>
  );
}
