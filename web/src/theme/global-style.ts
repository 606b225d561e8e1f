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
  }
  h1, h2, h3, h4, h5, h6 {
    font-family: ${({ theme }) => theme.fonts.heading};
    line-height: ${({ theme }) => Math.max(1.2, theme.text.lineHeight - 0.3)};
  }
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
