import { Suspense } from 'react';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { useLocation } from 'wouter';
import { PublicationsContent, type PublicationsMessages } from '../../../publications/index.ts';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../../../kit/loading/chrome.tsx';
import { useCmsSubRoute } from '../sub-route.ts';
import { BlockTitle, Inner } from './block.tsx';

function PublicationsSection(
  props: { title: string } & Omit<Parameters<typeof PublicationsContent>[0], 'basePath' | 'itemKey'>,
) {
  const { title, ...content } = props;
  const t = useT<PublicationsMessages>();
  const [location] = useLocation();
  const { pagePath, segment } = useCmsSubRoute(location);
  const basePath = pagePath === '/' ? '' : pagePath;
  return (
    <Inner>
      {title && !segment ? <BlockTitle>{title}</BlockTitle> : null}
      <Suspense fallback={<InlineLoader aria-label={t('publications.reader.loading')} />}>
        <PublicationsContent
          {...content}
          basePath={basePath}
          itemKey={segment}
          headingLevel={title ? 3 : 2}
        />
      </Suspense>
    </Inner>
  );
}

/** articles (seed 000 §2.8): the published articles, newest first; an article in its layout at {path}/{article} (§2.6). */
export function ArticlesBlock({ props }: { props: ComponentProps<'articles'> }) {
  return (
    <PublicationsSection
      type="articles"
      title={props.title}
      category={props.category}
      tag={props.tag}
      pageSize={props.pageSize}
    />
  );
}

/** blog posts (seed 000 §2.8): the published blog posts, newest first; a post at {path}/{slug or id} (§2.6). */
export function BlogPostsBlock({ props }: { props: ComponentProps<'blog-posts'> }) {
  return (
    <PublicationsSection type="blog-posts" title={props.title} tag={props.tag} pageSize={props.pageSize} />
  );
}
