import { useSearch } from 'wouter';
import { usePageTitle } from '../../kit/routing/page-title.ts';
import { useNavigation } from '../../kit/routing/router.tsx';
import { PageContainer } from '../../kit/ui/page-container.tsx';
import { searchPageHref } from './paths.ts';
import { SearchPanel, useSearchT } from './search-panel.tsx';

/**
 * /services/search (seed 000 §2.2, global search feature): the search on a page of its own, every type's further
 * results behind its "more" button; the words are kept in `?search=`, so that the page can be shared and reloaded.
 */
export function SearchScreen() {
  const t = useSearchT();
  const params = new URLSearchParams(useSearch());
  const { navigate } = useNavigation();
  usePageTitle(t('search.pageTitle'), null);
  return (
    <PageContainer>
      <h1>{t('search.pageTitle')}</h1>
      <SearchPanel
        headingLevel={2}
        initialQuery={params.get('search') ?? ''}
        onQueryChange={(words) => navigate(searchPageHref(words), { replace: true })}
      />
    </PageContainer>
  );
}
