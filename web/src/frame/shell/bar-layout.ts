/** The top bar's parts as measured, in CSS pixels (top-bar.tsx). */
export interface BarWidths {
  /** the bar's line: its width inside its padding */
  line: number;
  /** the space between the bar's parts */
  gap: number;
  logo: number;
  actions: number;
  /** each top-level entry of the menu, at its own width */
  entries: number[];
  /** the space between the menu's entries */
  entryGap: number;
}

/**
 * Whether the whole menu fits on one line between the platform's name and the actions. When it does not, the
 * menu takes a row of its own below them rather than wrapping in the room left between them (an editor's
 * menu of any length: five entries wrapped to three short lines there at 1,024 px). The answer depends only on
 * the parts' own widths, never on where the menu is now, so the bar does not flip between its two layouts.
 */
export function menuFitsBeside({ line, gap, logo, actions, entries, entryGap }: BarWidths): boolean {
  if (entries.length === 0) return true;
  const menu = entries.reduce((sum, width) => sum + width, 0) + entryGap * (entries.length - 1);
  // half a pixel for widths the browser rounds
  return logo + gap + menu + gap + actions <= line + 0.5;
}
