import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import styled, { ThemeProvider, type DefaultTheme } from 'styled-components';
import { darkPalette, fluidSize, fluidSpace } from '../../../../kit/theme/theme.ts';
import type { ComponentProps } from '@platform/contracts/pages/components';
import { useT } from '../../../../kit/i18n/use-t.ts';
import { heroCarouselCycleAtom } from '../../../../kit/state/settings.ts';
import { PlainIconButton } from '../../../../kit/ui/plain.tsx';
import { useBlock } from './block.tsx';
import { LinkButtons } from './cms-link.tsx';

const SLIDE_MS = 6000;

const Root = styled.div<{ $images: boolean }>`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: ${({ theme }) => theme.layout.heroImageMinHeight}px;
  overflow: hidden;
  color: ${({ theme, $images }) => ($images ? '#fff' : theme.colors.text)};
  background: ${({ theme }) =>
    theme.mode === 'dark'
      ? `linear-gradient(160deg, ${theme.colors.surfaceRaised}, ${theme.colors.background})`
      : `linear-gradient(160deg, #dbe7f5, ${theme.colors.surface})`};
  @media ${({ theme }) => theme.media.mobile} {
    min-height: auto;
  }
`;

const Slides = styled.div`
  position: absolute;
  inset: 0;
  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
    opacity: 0;
    transition: opacity 800ms ease;
  }
  img[data-current] {
    opacity: 1;
  }
  /* the text stays readable over any photo */
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    background: linear-gradient(180deg, rgba(0, 0, 0, 0.45), rgba(0, 0, 0, 0.65));
  }
`;

const Content = styled.div`
  position: relative;
  max-width: 52rem;
  min-width: 0;
  padding: 4rem 1.25rem;
  text-align: center;
  h1,
  h2 {
    margin: 0 0 1rem;
    /* 2rem to 3.25rem with the window; with large text on a narrow screen, down to 1.25rem */
    font-size: clamp(1.25rem, 10vw, max(2rem, min(5vw, 3.25rem)));
  }
  p {
    margin: 0 auto 2rem;
    max-width: 40rem;
    font-size: ${fluidSize(1.25)};
  }
  @media ${({ theme }) => theme.media.mobile} {
    padding: 2.5rem ${fluidSpace(1.25)};
  }
  .title-image {
    display: block;
    max-height: 160px;
    max-width: 100%;
    margin: 0 auto 1.5rem;
  }
`;

const Toggle = styled.div`
  position: absolute;
  right: 1rem;
  bottom: 1rem;
  button {
    background: rgba(0, 0, 0, 0.6);
    color: #fff;
  }
`;

/** Over photos the text is white: links and outlined buttons take the dark theme's colours to stay readable. */
const overImages = (theme: DefaultTheme | undefined): DefaultTheme => {
  if (!theme) throw new Error('the hero needs the app theme around it');
  return { ...theme, mode: 'dark', colors: { ...darkPalette, text: '#fff' } };
};

/** hero (seed 000 §2.8): title, optional title image, subtitle, a carousel of images and buttons. */
export function Hero({ props }: { props: ComponentProps<'hero'> }) {
  const t = useT();
  const { headingId, ownsPageHeading } = useBlock();
  const [cycle, setCycle] = useAtom(heroCarouselCycleAtom);
  const [current, setCurrent] = useState(0);
  const count = props.images.length;

  useEffect(() => {
    if (!cycle || count < 2) return;
    const timer = setInterval(() => setCurrent((i) => (i + 1) % count), SLIDE_MS);
    return () => clearInterval(timer);
  }, [cycle, count]);

  const Heading = ownsPageHeading ? 'h1' : 'h2';
  return (
    <Root $images={count > 0}>
      {count > 0 ? (
        <Slides>
          {props.images.map((image, i) => (
            <img
              key={`${i}-${image.url}`}
              src={image.url}
              alt={i === current % count ? image.alt : ''}
              aria-hidden={i === current % count ? undefined : true}
              data-current={i === current % count || undefined}
            />
          ))}
        </Slides>
      ) : null}
      <ThemeProvider theme={count > 0 ? overImages : (t: DefaultTheme | undefined) => t!}>
        <Content>
          {props.titleImage ? (
            <img className="title-image" src={props.titleImage.url} alt={props.titleImage.alt} />
          ) : null}
          {props.title ? <Heading id={headingId}>{props.title}</Heading> : null}
          {props.subtitle ? <p>{props.subtitle}</p> : null}
          <LinkButtons links={props.buttons} />
        </Content>
      </ThemeProvider>
      {count > 1 ? (
        <Toggle>
          {/* seed 000 §3: play/pause is remembered ('1' / '0') for every hero of the site */}
          <PlainIconButton
            aria-label={cycle ? t('cms.carouselPause') : t('cms.carouselPlay')}
            onClick={() => setCycle(!cycle)}
          >
            <span aria-hidden="true">{cycle ? '❚❚' : '▶'}</span>
          </PlainIconButton>
        </Toggle>
      ) : null}
    </Root>
  );
}
