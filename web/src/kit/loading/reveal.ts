import { FIRST_PAINT_ELEMENT_ID } from './first-paint-guard.ts';

/**
 * The app takes the place of the page the server painted (ADR 0018): the painted copy is removed, and the app's
 * root, hidden behind it by a sibling rule of index.html, shows in the same frame. Called when the app has
 * rendered the painted page itself (cms/cms-page.tsx), or has gone somewhere else; harmless afterwards.
 */
export function revealApp(doc: Document = document): void {
  doc.getElementById(FIRST_PAINT_ELEMENT_ID)?.remove();
}

/** Whether the server's paint is still shown (the app has not taken its place yet). */
export function firstPaintShown(doc: Document = document): boolean {
  return doc.getElementById(FIRST_PAINT_ELEMENT_ID) !== null;
}
