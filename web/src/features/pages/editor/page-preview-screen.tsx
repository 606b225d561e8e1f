import { readComponentProps } from '@platform/contracts/pages/components';
import { useMemo } from 'react';
import styled from 'styled-components';
import { LoadError, Notice, useAdminErrorText } from '../../../kit/admin/admin-ui.tsx';
import { useLoaded } from '../../../kit/loading/use-loaded.ts';
import { useApi } from '../../../kit/api/api-context.tsx';
import { usePageTitle } from '../../../kit/routing/page-title.ts';
import { CmsPage } from '../site/cms-page.tsx';
import { Link } from '../../../kit/ui/link.tsx';
import { usePageEditorT } from './messages.ts';
import { pagesApi, type PageComponent } from './pages-api.ts';
import { pagePaths } from './paths.ts';

const Banner = styled.div`
  max-width: 80rem;
  margin: 0 auto;
  padding: 1rem 1rem 0;
`;

/**
 * The saved components as the route resolver answers them to visitors: props read by the contract (its defaults
 * filled in), a component it cannot read left out (query-api/src/routes/routes.ts).
 */
function asVisitorsGetThem(components: readonly PageComponent[]): PageComponent[] {
  return components.flatMap((c) => {
    const props = readComponentProps(c.attributes.name, c.attributes.props);
    return props === null ? [] : [{ ...c, attributes: { ...c.attributes, props } }];
  });
}

/**
 * /admin/resources/app-pages/preview/{id}: a page or a draft as visitors would see it once published, drawn by
 * the CMS renderer (cms/cms-page.tsx) from what is saved; the editor opens it in a new tab.
 */
export function PagePreviewScreen({ id }: { id: string }) {
  const t = usePageEditorT();
  const api = useApi();
  const errorText = useAdminErrorText();
  const { state, retry } = useLoaded((signal) => pagesApi.load(api, id, undefined, signal), [api, id]);
  const loaded = state.status === 'ready' ? state.value : null;
  const components = useMemo(() => (loaded ? asVisitorsGetThem(loaded.components) : []), [loaded]);
  usePageTitle(loaded ? t('pageEditor.preview.title', { title: loaded.page.attributes.title }) : null);

  return (
    <>
      <Banner>
        <Notice>
          {loaded
            ? t(loaded.page.attributes.isDraft ? 'pageEditor.preview.draft' : 'pageEditor.preview.page', {
                path: loaded.page.attributes.path,
              })
            : t('app.loading')}{' '}
          <Link href={pagePaths.edit(id)}>{t('pageEditor.preview.back')}</Link>
        </Notice>
        {state.status === 'failed' ? <LoadError message={errorText(state.error)} onRetry={retry} /> : null}
      </Banner>
      {loaded ? (
        <CmsPage
          pageId={loaded.page.id}
          title={loaded.page.attributes.title}
          styles={loaded.page.attributes.styles}
          components={components}
          recordsView={false}
        />
      ) : null}
    </>
  );
}
