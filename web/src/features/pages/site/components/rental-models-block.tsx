import { Suspense } from 'react';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { useLocation } from 'wouter';
import { RentalModelsContent, type RentalMessages } from '../../../rental/index.ts';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../../../kit/loading/chrome.tsx';
import { useCmsSubRoute } from '../sub-route.ts';
import { BlockTitle, Inner } from './block.tsx';

/**
 * rental models (seed 000 §2.8): the published models as cards with a category filter and add-to-cart; at the
 * sub-route {path}/{rentalModel} (§2.6) one model, in place of the list.
 */
export function RentalModelsBlock({ props }: { props: ComponentProps<'rental-models'> }) {
  const t = useT<RentalMessages>();
  const [location] = useLocation();
  const { pagePath, segment } = useCmsSubRoute(location);
  const basePath = pagePath === '/' ? '' : pagePath;
  return (
    <Inner>
      {props.title && !segment ? <BlockTitle>{props.title}</BlockTitle> : null}
      <Suspense fallback={<InlineLoader aria-label={t('rental.catalogue.loading')} />}>
        <RentalModelsContent basePath={basePath} modelKey={segment} headingLevel={props.title ? 3 : 2} />
      </Suspense>
    </Inner>
  );
}
