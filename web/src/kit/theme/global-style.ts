import { createGlobalStyle } from 'styled-components';

/**
 * Applies the accessibility parameters to the whole page: the root font size scales every rem, line height
 * and letter spacing are inherited, and images (not icons drawn in CSS) turn gray when asked.
 */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html {
    /* font size, line height, letter spacing and font family are set inline by apply-to-document.ts */
    color-scheme: ${({ theme }) => theme.mode};
  }
  body {
    margin: 0;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    -webkit-font-smoothing: antialiased;
    /* a word longer than its line (large text on a phone, a long e-mail address) breaks instead of overflowing */
    overflow-wrap: break-word;
  }
  h1, h2, h3, h4, h5, h6 {
    font-family: ${({ theme }) => theme.fonts.heading};
    line-height: ${({ theme }) => Math.max(1.2, theme.text.lineHeight - 0.3)};
    hyphens: auto;
  }
  /* text blocks may break anywhere, so that they also shrink inside grids and flex rows (WCAG 1.4.10) */
  h1, h2, h3, h4, h5, h6, p, dt, dd, blockquote, figcaption, legend, caption, label {
    overflow-wrap: anywhere;
  }
  img, video, iframe, input, textarea, select { max-width: 100%; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; }
  a { color: ${({ theme }) => theme.colors.primary}; }
  html[data-grayscale-images='true'] :is(img, video, picture, svg image) {
    filter: grayscale(1);
  }
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  main:focus { outline: none; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
