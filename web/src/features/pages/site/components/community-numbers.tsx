import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ComponentProps } from '@platform/contracts/pages/components';
import type { HomeStats } from '@platform/contracts/stats/home-stats';
import { useApi } from '../../../../kit/api/api-context.tsx';
import { useDeferredGate } from '../../../../kit/lazy/deferred.tsx';
import { useT, type MessageId } from '../../../../kit/i18n/use-t.ts';
import { fetchHomeStats } from '../home-stats-api.ts';
import { BlockTitle, Inner } from './block.tsx';

/** seed 000 §9: lazy blocks load when half of them is visible */
export const VISIBILITY_THRESHOLD = 0.5;

const Figures = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 1.5rem;
  text-align: center;
  div {
    display: flex;
    flex-direction: column-reverse;
    gap: 0.25rem;
  }
  dd {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.heading};
    font-size: clamp(2.25rem, 6vw, 3.5rem);
    font-weight: 700;
    color: ${({ theme }) => theme.colors.primary};
  }
  dt {
    font-size: 1.125rem;
  }
  @media ${({ theme }) => theme.media.narrow} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const LABELS: Array<[keyof HomeStats, MessageId]> = [
  ['organizationsCount', 'cms.stats.organizations'],
  ['repositoryItemsCount', 'cms.stats.repositoryItems'],
  ['accompaniedPatientsCount', 'cms.stats.accompaniedPatients'],
];

/** Calls `onVisible` once, the first time half of the element is on screen (at once without IntersectionObserver). */
export function useFirstVisible(onVisible: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      callback.current();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          callback.current();
        }
      },
      { threshold: VISIBILITY_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return ref;
}

/**
 * community numbers (seed 000 §7): statsEndpoints.homeStats once, when the block first becomes visible;
 * a visitor who never scrolls there costs the server nothing.
 */
export function CommunityNumbers({ props }: { props: ComponentProps<'community-numbers'> }) {
  const t = useT();
  const intl = useIntl();
  const api = useApi();
  const [stats, setStats] = useState<HomeStats | null>(null);
  const [visible, setVisible] = useState(false);
  // the read waits for the page to have painted too (kit/lazy/deferred.tsx): its code is not the first screen's
  const painted = useDeferredGate();
  const requested = useRef(false);
  const ref = useFirstVisible(() => setVisible(true));
  useEffect(() => {
    if (!visible || !painted || requested.current) return;
    requested.current = true;
    fetchHomeStats(api).then(setStats, () => undefined); // a failure already raised the shell's dialog
  }, [api, visible, painted]);
  return (
    <Inner>
      {props.title ? <BlockTitle>{props.title}</BlockTitle> : null}
      <div ref={ref} aria-busy={stats === null}>
        <Figures>
          {LABELS.map(([key, label]) => (
            <div key={key}>
              <dt>{t(label)}</dt>
              <dd>{stats ? intl.formatNumber(stats[key]) : '–'}</dd>
            </div>
          ))}
        </Figures>
      </div>
    </Inner>
  );
}
