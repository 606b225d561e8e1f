import { describe, expect, test } from 'vitest';
import { menuFitsBeside } from './bar-layout.ts';

// the demo's bar at 1,280 px: a line of 1,232 px inside the padding, the name and the signed-out actions
const BAR = { line: 1232, gap: 12, logo: 282, actions: 400, entryGap: 4 };

describe("the top bar's menu beside the name and the actions", () => {
  test('fits when the entries, the gaps between them and the two gaps around the menu fill the line at most', () => {
    // 282 + 12 + (200 + 4 + 318) + 12 + 400 = 1,228
    expect(menuFitsBeside({ ...BAR, entries: [200, 318] })).toBe(true);
    expect(menuFitsBeside({ ...BAR, entries: [200, 322] })).toBe(true); // 1,232 exactly
    expect(menuFitsBeside({ ...BAR, entries: [200, 323] })).toBe(false);
  });

  test('counts the gap between every two entries', () => {
    const widths = [100, 100, 100, 100, 100, 100];
    // 706 + 600 + 5 gaps: 1,326 px with gaps of 4 px, 1,346 with gaps of 8
    expect(menuFitsBeside({ ...BAR, line: 1330, entries: widths })).toBe(true);
    expect(menuFitsBeside({ ...BAR, line: 1330, entries: widths, entryGap: 8 })).toBe(false);
  });

  test('an empty menu always fits, whatever room is left', () => {
    expect(menuFitsBeside({ ...BAR, line: 300, entries: [] })).toBe(true);
  });

  test("the demo menu's five entries (572 px with their gaps) do not fit at 1,280 px, and do on a line of 1,280", () => {
    const demo = [67, 134, 146, 118, 91];
    expect(menuFitsBeside({ ...BAR, entries: demo })).toBe(false); // 1,278 px
    expect(menuFitsBeside({ ...BAR, line: 1280, entries: demo })).toBe(true);
  });
});
