import { Suspense } from 'react';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { useLocation } from 'wouter';
import { ForumContent, type ForumMessages } from '../../../forum/index.ts';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../../../kit/loading/chrome.tsx';
import { useCmsSubRoute } from '../sub-route.ts';
import { BlockTitle, Inner } from './block.tsx';

/**
 * forum (seed 000 §2.8): the forum's categories and subjects, the pinned ones first; at the sub-routes (§2.6)
 * {path}/{id} a subject with its threaded messages, and {path}/create a new subject, in place of the list.
 */
export function ForumBlock({ props }: { props: ComponentProps<'forum'> }) {
  const t = useT<ForumMessages>();
  const [location] = useLocation();
  const { pagePath, segment } = useCmsSubRoute(location);
  const basePath = pagePath === '/' ? '' : pagePath;
  return (
    <Inner>
      {props.title && !segment ? <BlockTitle>{props.title}</BlockTitle> : null}
      <Suspense fallback={<InlineLoader aria-label={t('forum.loading')} />}>
        <ForumContent
          basePath={basePath}
          segment={segment}
          category={props.category}
          headingLevel={props.title ? 3 : 2}
        />
      </Suspense>
    </Inner>
  );
}
