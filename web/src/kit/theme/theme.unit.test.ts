import { describe, expect, test } from 'vitest';
import { DEFAULT_ACCESSIBILITY } from '../state/accessibility.ts';
import { buildTheme, fluidSize, fluidSpace, textScale } from './theme.ts';

const LARGEST = { ...DEFAULT_ACCESSIBILITY, fontSize: 32, lineHeight: 3, letterSpacing: 2.5 };

describe('breakpoints follow the reader’s text settings', () => {
  test('the default text keeps the seed’s breakpoints', () => {
    expect(textScale(DEFAULT_ACCESSIBILITY)).toBe(1);
    expect(buildTheme(false, DEFAULT_ACCESSIBILITY).media).toEqual({
      mobile: '(max-width: 959.98px)',
      desktop: '(min-width: 960px)',
      narrow: '(max-width: 599.98px)',
      stickyBar: '(min-height: 560px)',
      sideMenu: '(min-width: 56em)',
    });
  });

  test('the largest text makes a 1280 px window a "mobile" one, and the top bar stops being sticky', () => {
    expect(textScale(LARGEST)).toBeCloseTo(2.48);
    const { media } = buildTheme(true, LARGEST);
    expect(media.mobile).toBe('(max-width: 2380.98px)');
    expect(media.desktop).toBe('(min-width: 2381px)');
    expect(media.stickyBar).toBe('(min-height: 2240px)');
  });

  test('the largest text keeps the back office menu in the drawer on a 1280 px window', () => {
    const { sideMenu } = buildTheme(false, LARGEST).media;
    expect(sideMenu).toMatch(/^\(min-width: [\d.]+em\)$/);
    // in em of the browser's 16 px text
    expect(Number(/([\d.]+)em/.exec(sideMenu)![1]) * 16).toBeGreaterThan(1280);
  });
});

describe('fluid sizes', () => {
  test('are the full size at 320 px with the default text (5vw per rem), never below the minimum', () => {
    expect(fluidSize(2, 1.25)).toBe('clamp(1.25rem, 10vw, 2rem)');
    expect(fluidSize(1.375)).toBe('clamp(1rem, 6.875vw, 1.375rem)');
    expect(fluidSize(1)).toBe('1rem');
    expect(fluidSpace(1.5)).toBe('min(1.5rem, 7.5vw)');
  });
});
