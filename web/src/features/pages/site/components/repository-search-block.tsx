import { Suspense } from 'react';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { useLocation } from 'wouter';
import { RepositorySearch, type RepositoryMessages } from '../../../repository/index.ts';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../../../kit/loading/chrome.tsx';
import { useCmsSubRoute } from '../sub-route.ts';
import { BlockTitle, Inner } from './block.tsx';

/**
 * repository search (seed 000 §2.8): a search over the published repository items, the results linking to their
 * pages under the page that shows the repository; `category` presets the filter. At another component's
 * sub-route of its page (an item's page) it steps aside.
 */
export function RepositorySearchBlock({ props }: { props: ComponentProps<'repository-search'> }) {
  const t = useT<RepositoryMessages>();
  const [location] = useLocation();
  const { segment } = useCmsSubRoute(location);
  if (segment) return null;
  return (
    <Inner>
      {props.title ? <BlockTitle>{props.title}</BlockTitle> : null}
      <Suspense fallback={<InlineLoader aria-label={t('repository.search.loading')} />}>
        <RepositorySearch presetCategory={props.category} headingLevel={props.title ? 3 : 2} />
      </Suspense>
    </Inner>
  );
}
