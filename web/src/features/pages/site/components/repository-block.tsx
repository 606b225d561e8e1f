import { Suspense } from 'react';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { useLocation } from 'wouter';
import { RepositoryContent, type RepositoryMessages } from '../../../repository/index.ts';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../../../kit/loading/chrome.tsx';
import { useCmsSubRoute } from '../sub-route.ts';
import { BlockTitle, Inner } from './block.tsx';

/**
 * repository (seed 000 §2.8): the published repository items with a search box, category and tag filters and
 * pages; at the sub-route {path}/{item} (§2.6) one item, in place of the list.
 */
export function RepositoryBlock({ props }: { props: ComponentProps<'repository'> }) {
  const t = useT<RepositoryMessages>();
  const [location] = useLocation();
  const { pagePath, segment } = useCmsSubRoute(location);
  const basePath = pagePath === '/' ? '' : pagePath;
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
