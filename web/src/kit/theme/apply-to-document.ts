import type { AppTheme } from './theme.ts';

/**
 * The reader's text settings go on the root and body elements themselves (inline), so they win over any
 * page's own styles (an editor's custom CSS cannot undo a reader's 32 px text) and apply before any
 * component renders. Grayscale images and the colour scheme are data attributes the global style reads.
 */
export function applyThemeToDocument(theme: AppTheme, doc: Document = document): void {
  const root = doc.documentElement;
  root.style.fontSize = `${theme.text.sizePx}px`;
  root.dataset.theme = theme.mode;
  root.dataset.grayscaleImages = String(theme.grayscaleImages);
  const body = doc.body;
  body.style.lineHeight = String(theme.text.lineHeight);
  body.style.letterSpacing = `${theme.text.letterSpacingEm}em`;
  body.style.fontFamily = theme.fonts.body;
}
