import { Suspense } from 'react';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { useLocation } from 'wouter';
import { CalendarContent, type CalendarMessages } from '../../../calendar/index.ts';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { InlineLoader } from '../../../../kit/loading/chrome.tsx';
import { useCmsSubRoute } from '../sub-route.ts';
import { BlockTitle, Inner } from './block.tsx';

/** calendar (seed 000 §2.8): a month of published events as a grid or a list; an event at {path}/{id} (R9). */
export function CalendarBlock({ props }: { props: ComponentProps<'calendar'> }) {
  const t = useT<CalendarMessages>();
  const [location] = useLocation();
  const { pagePath, segment } = useCmsSubRoute(location);
  const basePath = pagePath === '/' ? '' : pagePath;
  return (
    <Inner>
      {props.title && !segment ? <BlockTitle>{props.title}</BlockTitle> : null}
      <Suspense fallback={<InlineLoader aria-label={t('calendar.reader.loading')} />}>
        <CalendarContent
          basePath={basePath}
          eventId={segment}
          view={props.view}
          tag={props.tag}
          headingLevel={props.title ? 3 : 2}
        />
      </Suspense>
    </Inner>
  );
}
