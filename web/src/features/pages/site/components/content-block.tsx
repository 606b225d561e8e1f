import { useRef } from 'react';
import styled, { css } from 'styled-components';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { PlainIconButton } from '../../../../kit/ui/plain.tsx';
import { htmlToText, truncate } from '../../../../kit/ui/truncate.ts';
import { BlockTitle, Inner } from './block.tsx';
import { CmsTextLink } from './cms-link.tsx';
import { CmsIcon } from './icon.tsx';
import { fluidSize, fluidSpace } from '../../../../kit/theme/theme.ts';

type Props = ComponentProps<'content'>;
type Item = Props['items'][number];

const card = css`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  padding: ${fluidSpace(1.5)};
  border-radius: 0.75rem;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => (theme.mode === 'dark' ? theme.colors.surfaceRaised : 'transparent')};
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12);
  h2,
  h3 {
    margin: 0;
    font-size: ${fluidSize(1.25)};
  }
  .body {
    flex: 1;
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
  }
  p {
    margin: 0;
    flex: 1;
  }
  img {
    width: 100%;
    aspect-ratio: 16 / 9;
    object-fit: cover;
    border-radius: 0.5rem;
  }
`;

const Grid = styled.ul<{ $columns: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 1.5rem;
  grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  @media ${({ theme }) => theme.media.mobile} {
    grid-template-columns: repeat(${({ $columns }) => Math.min(2, $columns)}, minmax(0, 1fr));
  }
  @media ${({ theme }) => theme.media.narrow} {
    grid-template-columns: minmax(0, 1fr);
  }
  > li {
    ${card}
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0 auto;
  padding: 0;
  max-width: 52rem;
  > li {
    display: flex;
    gap: 1rem;
    align-items: flex-start;
    .body {
      flex: 1;
    }
    padding: 1rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  h2,
  h3 {
    margin: 0 0 0.25rem;
    font-size: ${fluidSize(1.125)};
  }
  p {
    margin: 0 0 0.25rem;
  }
  img {
    width: 96px;
    height: 96px;
    object-fit: cover;
    border-radius: 0.5rem;
  }
`;

const Track = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0.25rem 0.25rem 1rem;
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: min(20rem, 85%);
  gap: 1.5rem;
  overflow-x: auto;
  scroll-snap-type: x mandatory;
  > li {
    ${card}
    scroll-snap-align: start;
  }
`;

const CarouselControls = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  margin-bottom: 0.5rem;
`;

function ItemBody({ item, length, heading }: { item: Item; length: number; heading: 'h2' | 'h3' }) {
  const Heading = heading;
  const description = truncate(htmlToText(item.description), length);
  return (
    <>
      {item.image || item.icon ? (
        <div className="media">
          {item.image ? <img src={item.image.url} alt={item.image.alt} loading="lazy" /> : null}
          <CmsIcon name={item.icon} />
        </div>
      ) : null}
      <div className="body">
        <Heading>{item.title}</Heading>
        {description ? <p>{description}</p> : null}
        {item.link ? (
          <div>
            <CmsTextLink link={item.link} />
          </div>
        ) : null}
      </div>
    </>
  );
}

function Carousel({ items, length, heading }: { items: Item[]; length: number; heading: 'h2' | 'h3' }) {
  const t = useT();
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * track.current.clientWidth * 0.8, behavior: 'smooth' });
  return (
    <div role="group" aria-roledescription={t('cms.carousel')}>
      <CarouselControls>
        <PlainIconButton aria-label={t('cms.previous')} onClick={() => scroll(-1)}>
          <span aria-hidden="true">←</span>
        </PlainIconButton>
        <PlainIconButton aria-label={t('cms.next')} onClick={() => scroll(1)}>
          <span aria-hidden="true">→</span>
        </PlainIconButton>
      </CarouselControls>
      {/* focusable so a keyboard can scroll it; every card's link is reachable by Tab anyway */}
      <Track ref={track} tabIndex={0} aria-label={t('cms.carousel')}>
        {items.map((item, i) => (
          <li key={`${i}-${item.title}`}>
            <ItemBody item={item} length={length} heading={heading} />
          </li>
        ))}
      </Track>
    </div>
  );
}

/** content (seed 000 §2.8): items as cards, a list or a carousel; descriptions cut to the short length. */
export function ContentBlock({ props }: { props: Props }) {
  const length = props.shortDescriptionLength;
  // items are headed one level below the block's title, or take its level when the block has none
  const heading = props.title ? 'h3' : 'h2';
  const items = props.items.map((item, i) => (
    <li key={`${i}-${item.title}`}>
      <ItemBody item={item} length={length} heading={heading} />
    </li>
  ));
  return (
    <Inner>
      {props.title ? <BlockTitle>{props.title}</BlockTitle> : null}
      {props.display === 'carousel' ? (
        <Carousel items={props.items} length={length} heading={heading} />
      ) : props.display === 'list' ? (
        <List>{items}</List>
      ) : (
        <Grid $columns={props.columns}>{items}</Grid>
      )}
    </Inner>
  );
}
