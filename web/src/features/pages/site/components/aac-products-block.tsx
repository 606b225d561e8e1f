import { Suspense } from 'react';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { useLocation } from 'wouter';
import { AacContribution } from '../../../aac-contribution/index.ts';
import { AacProductsContent, contributionOf, type AacMessages } from '../../../aac/index.ts';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../../../kit/loading/chrome.tsx';
import { useCmsSubRoute } from '../sub-route.ts';
import { BlockTitle, Inner } from './block.tsx';

/**
 * AAC products (seed 000 §2.8): the catalogue with its title; at its sub-routes (§2.6) in place of both, a product's
 * page ({path}/{id}), the comparison ({path}/compare) or a member's contribution ({path}/contribution,
 * {path}/contribution/{id}: the contribution feature's screens).
 */
export function AacProductsBlock({ props }: { props: ComponentProps<'aac-products'> }) {
  const t = useT<AacMessages>();
  const [location] = useLocation();
  const { pagePath, segment } = useCmsSubRoute(location);
  const basePath = pagePath === '/' ? '' : pagePath;
  const contribution = contributionOf(segment);
  return (
    <Inner>
      {props.title && !segment ? <BlockTitle>{props.title}</BlockTitle> : null}
      <Suspense fallback={<InlineLoader aria-label={t('aac.loading')} />}>
        {contribution ? (
          <AacContribution pagePath={pagePath} productId={contribution.productId} />
        ) : (
          <AacProductsContent basePath={basePath} segment={segment} headingLevel={props.title ? 3 : 2} />
        )}
      </Suspense>
    </Inner>
  );
}
