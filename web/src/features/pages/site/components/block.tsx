import { createContext, useContext } from 'react';
import styled, { ThemeProvider, type DefaultTheme } from 'styled-components';
import { darkPalette, lightPalette } from '../../../../kit/theme/theme.ts';
import { fluidSize, fluidSpace } from '../../../../kit/theme/theme.ts';

/** What a block knows of its place on the page. */
export interface BlockContext {
  sectionId: string;
  /** id for the block's main heading: the section is labelled by it */
  headingId: string;
  /** this block shows the page's one h1 (the first hero or level-1 title); the others start at h2 */
  ownsPageHeading: boolean;
}

export const BlockContextValue = createContext<BlockContext>({
  sectionId: '',
  headingId: '',
  ownsPageHeading: false,
});
export const useBlock = () => useContext(BlockContextValue);

/**
 * props.inverseBackground (seed 000 §3): the section takes the other theme's colours on the inverse band, so
 * every colour inside (links, buttons, cards) keeps its contrast without each block knowing about it.
 */
export function invertTheme(theme: DefaultTheme | undefined): DefaultTheme {
  if (!theme) throw new Error('an inverse section needs the app theme around it');
  const dark = theme.mode === 'light';
  const palette = dark ? darkPalette : lightPalette;
  return {
    ...theme,
    mode: dark ? 'dark' : 'light',
    colors: { ...palette, background: theme.colors.inverseBackground, text: theme.colors.inverseText },
  };
}

const Band = styled.section`
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  /* the sticky top bar must not cover a section reached by its #id */
  scroll-margin-top: 5rem;
  &:focus {
    outline: none;
  }
  /* a title introduces the band after it on the same background: one band's space between them, not two */
  &:not([data-inverse]):has(+ &:not([data-inverse])) > [data-title-block] {
    padding-bottom: 0;
  }
`;

export function Section({
  id,
  labelledBy,
  inverse,
  children,
}: {
  id: string;
  labelledBy: string | null;
  inverse: boolean;
  children: React.ReactNode;
}) {
  const band = (
    <Band id={id} tabIndex={-1} aria-labelledby={labelledBy ?? undefined} data-inverse={inverse || undefined}>
      {children}
    </Band>
  );
  return inverse ? <ThemeProvider theme={invertTheme}>{band}</ThemeProvider> : band;
}

/** The readable column inside a band. */
export const Inner = styled.div<{ $narrow?: number }>`
  max-width: ${({ theme, $narrow }) => $narrow ?? theme.layout.contentMaxWidth}px;
  margin: 0 auto;
  padding: 3rem 1rem;
  @media ${({ theme }) => theme.media.mobile} {
    padding: 2rem ${fluidSpace(1)};
  }
`;

const Heading2 = styled.h2`
  margin: 0 0 1.5rem;
  font-size: ${fluidSize(1.75, 1.25)};
  text-align: center;
`;

/** A block's main heading: h2, or the page's h1 when this block owns it; labels the section. */
export function BlockTitle({ children, align }: { children: React.ReactNode; align?: 'left' | 'center' }) {
  const { headingId, ownsPageHeading } = useBlock();
  return (
    <Heading2
      as={ownsPageHeading ? 'h1' : 'h2'}
      id={headingId}
      style={align ? { textAlign: align } : undefined}
    >
      {children}
    </Heading2>
  );
}

/** An image with the accessibility setting's grayscale already applied globally; lazy below the fold. */
export const Img = styled.img`
  display: block;
  max-width: 100%;
  height: auto;
`;
