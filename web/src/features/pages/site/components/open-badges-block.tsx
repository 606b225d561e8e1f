import { Suspense } from 'react';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { useLocation } from 'wouter';
import { OpenBadgesContent, type OpenBadgesMessages } from '../../../open-badges/index.ts';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../../../kit/loading/chrome.tsx';
import { useCmsSubRoute } from '../sub-route.ts';
import { BlockTitle, Inner } from './block.tsx';

function OpenBadgesSection({ title, ids }: { title: string; ids?: readonly string[] }) {
  const t = useT<OpenBadgesMessages>();
  const [location] = useLocation();
  const { pagePath, segment } = useCmsSubRoute(location);
  const basePath = pagePath === '/' ? '' : pagePath;
  return (
    <Inner>
      {title && !segment ? <BlockTitle>{title}</BlockTitle> : null}
      <Suspense fallback={<InlineLoader aria-label={t('openBadges.pages.loading')} />}>
        <OpenBadgesContent
          basePath={basePath}
          segment={segment}
          {...(ids ? { ids } : {})}
          headingLevel={title ? 3 : 2}
        />
      </Suspense>
    </Inner>
  );
}

/**
 * open badges (seed 000 §2.8): the published badges, filterable by text; at the sub-routes {path}/{id} a badge's
 * page and {path}/assertions/{id} an assertion's public page (§2.6), in place of the list.
 */
export function OpenBadgesBlock({ props }: { props: ComponentProps<'open-badges'> }) {
  return <OpenBadgesSection title={props.title} />;
}

/** selected open badges (seed 000 §2.8): the badges an editor picked, in their order; the same sub-routes. */
export function SelectedOpenBadgesBlock({ props }: { props: ComponentProps<'selected-open-badges'> }) {
  return <OpenBadgesSection title={props.title} ids={props.badges} />;
}
