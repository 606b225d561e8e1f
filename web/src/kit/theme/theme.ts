import type { AccessibilityParameters, FontFamilyChoice } from '../state/accessibility.ts';
import { FONT_SIZE, LINE_HEIGHT, letterSpacingEm } from '../state/accessibility.ts';

/**
 * Theme tokens. The status and surface colours are the seed's (000 §9); primary and text colours are this
 * platform's choice, each checked for at least 4.5:1 contrast on its surfaces (WCAG 2.2 AA).
 */
export interface Palette {
  primary: string;
  onPrimary: string;
  secondary: string;
  error: string;
  info: string;
  success: string;
  warning: string;
  background: string;
  surface: string;
  surfaceRaised: string;
  text: string;
  textMuted: string;
  border: string;
  focus: string;
  /** the inverted band of a page section with props.inverseBackground */
  inverseBackground: string;
  inverseText: string;
  scrim: string;
}

export const lightPalette: Palette = {
  primary: '#0B57A4',
  onPrimary: '#FFFFFF',
  secondary: '#6A1B9A',
  error: '#BB1D25',
  info: '#115CA8',
  success: '#286F2C',
  warning: '#a03800',
  background: '#eceff1',
  surface: '#ffffff',
  surfaceRaised: '#f6f8f9',
  text: '#1C2226',
  textMuted: '#4A555D',
  border: '#7A868F',
  focus: '#0B57A4',
  inverseBackground: '#1C2A36',
  inverseText: '#FFFFFF',
  scrim: 'rgba(0, 0, 0, 0.5)',
};

export const darkPalette: Palette = {
  primary: '#8AB4F8',
  onPrimary: '#0B1F3A',
  secondary: '#CE93D8',
  error: '#F28B82',
  info: '#8AB4F8',
  success: '#81C995',
  warning: '#FBBC67',
  background: '#121212',
  surface: '#1E1E1E',
  surfaceRaised: '#2A2A2A',
  text: '#E6E9EB',
  textMuted: '#B3BAC0',
  border: '#8C959C',
  focus: '#8AB4F8',
  inverseBackground: '#E6E9EB',
  inverseText: '#121212',
  scrim: 'rgba(0, 0, 0, 0.7)',
};

/** Seed 000 §9 sizes (px). */
export const layout = {
  dialogWidth: { extraLarge: 1600, large: 1100, normal: 600, small: 400 },
  logoHeight: 40,
  logoHeightExtraSmall: 32,
  alertRowHeight: 32,
  navMenuColumnWidth: 250,
  pageDrawerWidth: 300,
  backToTopAfter: 300,
  heroImageMinHeight: 600,
  videoImageHeight: 450,
  contactMaxWidth: 700,
  contactCardAvatar: 128,
  placeholderMinHeight: 100,
  contentMaxWidth: 1200,
  /** below this width (at the default text settings) the top-bar menu moves into the side drawer */
  mobileBreakpoint: 960,
  /** below this width (at the default text settings) grids of cards and figures become one column */
  narrowBreakpoint: 600,
  /** the top bar stays on screen while scrolling only on a viewport at least this tall (default text) */
  stickyBarMinHeight: 560,
  /**
   * em (of the browser's own text size) from which the back office shows its menu beside the screen, at the
   * default text settings; narrower, or with larger text, it stays in the side drawer
   */
  sideMenuMinEm: 56,
} as const;

/** The configured font is Roboto (headings in Montserrat); the reading fonts replace both. */
export const CONFIGURED_FONT = 'Roboto';
const FONT_STACKS: Record<FontFamilyChoice, { body: string; heading: string }> = {
  configured: {
    body: '"Roboto", system-ui, -apple-system, "Segoe UI", sans-serif',
    heading: '"Montserrat", "Roboto", system-ui, sans-serif',
  },
  andika: { body: '"Andika", system-ui, sans-serif', heading: '"Andika", system-ui, sans-serif' },
  // Luciole has no package in the registries this project uses: a locally installed copy is used, else Andika
  luciole: {
    body: '"Luciole", "Andika", system-ui, sans-serif',
    heading: '"Luciole", "Andika", system-ui, sans-serif',
  },
  'open-dyslexic': {
    body: '"OpenDyslexic", system-ui, sans-serif',
    heading: '"OpenDyslexic", system-ui, sans-serif',
  },
};

/**
 * A heading or control size that is `max` rem wherever it fits, and shrinks toward `min` rem only when large
 * text meets a narrow window (at 320 px with the default 16 px text it is still `max`): a 64 px heading on a
 * 375 px phone would cut most of its words in two. Never below `min` (the reader's text size by default).
 */
export function fluidSize(max: number, min = 1): string {
  if (min >= max) return `${max}rem`;
  return `clamp(${min}rem, ${Number((max * 5).toFixed(3))}vw, ${max}rem)`;
}

/** Padding that is `rem` rem, or less when large text meets a narrow window (same rule as fluidSize). */
export function fluidSpace(rem: number): string {
  return `min(${rem}rem, ${Number((rem * 5).toFixed(3))}vw)`;
}

export interface AppTheme {
  mode: 'light' | 'dark';
  colors: Palette;
  layout: typeof layout;
  fonts: { body: string; heading: string };
  text: { sizePx: number; lineHeight: number; letterSpacingEm: number };
  grayscaleImages: boolean;
  /**
   * Breakpoints in CSS px, scaled by the reader's text settings (textScale): larger text needs the room a
   * wider screen gives, so at 32 px text a 1280 px wide window gets the layout a 640 px one gets at 16 px,
   * as browser zoom would do. Media queries cannot do this themselves: their em is the browser's, not ours.
   */
  media: {
    mobile: string;
    desktop: string;
    narrow: string;
    stickyBar: string;
    /** wide enough, for the reader's text, for the back office's menu beside the screen */
    sideMenu: string;
  };
}

/**
 * How much wider the reader's text is than the default one: the font size, and the letter spacing added to an
 * average glyph (about half an em wide). 1 at the default settings; about 2.5 at the largest ones.
 */
export function textScale(a11y: Pick<AccessibilityParameters, 'fontSize' | 'letterSpacing'>): number {
  return (a11y.fontSize / FONT_SIZE.default) * (1 + letterSpacingEm(a11y.letterSpacing) / 0.5);
}

/** How much taller a line of the reader's text is than a default one (font size and line height). */
function lineScale(a11y: Pick<AccessibilityParameters, 'fontSize' | 'lineHeight'>): number {
  return (a11y.fontSize / FONT_SIZE.default) * (a11y.lineHeight / LINE_HEIGHT.default);
}

function mediaQueries(widthScale: number, heightScale: number): AppTheme['media'] {
  const mobile = Math.round(layout.mobileBreakpoint * widthScale);
  const narrow = Math.round(layout.narrowBreakpoint * widthScale);
  const sticky = Math.round(layout.stickyBarMinHeight * heightScale);
  return {
    mobile: `(max-width: ${mobile - 0.02}px)`,
    desktop: `(min-width: ${mobile}px)`,
    narrow: `(max-width: ${narrow - 0.02}px)`,
    stickyBar: `(min-height: ${sticky}px)`,
    // in em: the browser's own text size counts too, the reader's settings through the scale
    sideMenu: `(min-width: ${Math.round(layout.sideMenuMinEm * widthScale * 100) / 100}em)`,
  };
}

export function buildTheme(dark: boolean, a11y: AccessibilityParameters): AppTheme {
  return {
    mode: dark ? 'dark' : 'light',
    colors: dark ? darkPalette : lightPalette,
    layout,
    fonts: FONT_STACKS[a11y.fontFamily],
    text: {
      sizePx: a11y.fontSize,
      lineHeight: a11y.lineHeight,
      letterSpacingEm: letterSpacingEm(a11y.letterSpacing),
    },
    grayscaleImages: a11y.grayscaleImages,
    media: mediaQueries(textScale(a11y), lineScale(a11y)),
  };
}
