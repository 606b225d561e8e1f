import { Suspense, useEffect } from 'react';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { useLocation, useSearch } from 'wouter';
import { useNavigation } from '../../../../kit/routing/router.tsx';
import { RepositoryContent, type RepositoryMessages } from '../../../repository/index.ts';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../../../kit/loading/chrome.tsx';
import { useCmsSubRoute } from '../sub-route.ts';
import { BlockTitle, Inner } from './block.tsx';

/**
 * Seed 000 §2.6: "{path}/items redirects to {path}; {path}/items/{item} redirects to {path}/{item}", the query
 * string kept. The target of a segment that is such a former path, or null.
 */
export function formerItemPath(basePath: string, segment: string | null): string | null {
  if (segment === 'items') return basePath || '/';
  if (segment?.startsWith('items/'))
    return `${basePath}/${encodeURIComponent(segment.slice('items/'.length))}`;
  return null;
}

/**
 * repository (seed 000 §2.8): the published repository items with a search box, category and tag filters and
 * pages; at the sub-route {path}/{item} (§2.6) one item, in place of the list.
 */
export function RepositoryBlock({ props }: { props: ComponentProps<'repository'> }) {
  const t = useT<RepositoryMessages>();
  const [location] = useLocation();
  const search = useSearch();
  const { navigate } = useNavigation();
  const { pagePath, segment } = useCmsSubRoute(location);
  const basePath = pagePath === '/' ? '' : pagePath;
  const former = formerItemPath(basePath, segment);
  useEffect(() => {
    if (former) navigate(`${former}${search ? `?${search}` : ''}`, { replace: true });
  }, [former, search, navigate]);
  if (former) return <InlineLoader aria-label={t('repository.reader.loading')} />;
  return (
    <Inner>
      {props.title && !segment ? <BlockTitle>{props.title}</BlockTitle> : null}
      <Suspense fallback={<InlineLoader aria-label={t('repository.reader.loading')} />}>
        <RepositoryContent
          basePath={basePath}
          itemId={segment}
          category={props.category}
          headingLevel={props.title ? 3 : 2}
        />
      </Suspense>
    </Inner>
  );
}
