import { Suspense } from 'react';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { SearchPanel, type SearchMessages } from '../../../search/index.ts';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../../../kit/loading/chrome.tsx';
import { BlockTitle, Inner } from './block.tsx';

/**
 * global-search (seed 000 §2.8): the global search on a page, as the top bar's dialog offers it; the field does
 * not take the focus (the page's reader decides where to go), and a type's further results come with its button.
 */
export function GlobalSearchBlock({ props }: { props: ComponentProps<'global-search'> }) {
  const t = useT<SearchMessages>();
  return (
    <Inner>
      {props.title ? <BlockTitle>{props.title}</BlockTitle> : null}
      <Suspense fallback={<InlineLoader aria-label={t('search.searching')} />}>
        <SearchPanel headingLevel={props.title ? 3 : 2} />
      </Suspense>
    </Inner>
  );
}
