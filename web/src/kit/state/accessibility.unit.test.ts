import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ACCESSIBILITY,
  FONT_SIZE,
  LETTER_SPACING,
  LINE_HEIGHT,
  letterSpacingEm,
  parseAccessibility,
  restoredAccessibility,
  sliderValue,
} from './accessibility.ts';

describe('sliderValue', () => {
  it('falls back to the default for non-numeric values', () => {
    expect(sliderValue('big', FONT_SIZE)).toBe(16);
    expect(sliderValue(null, LINE_HEIGHT)).toBe(1.5);
    expect(sliderValue('', LETTER_SPACING)).toBe(1);
    expect(sliderValue(Number.NaN, FONT_SIZE)).toBe(16);
    expect(sliderValue(Infinity, FONT_SIZE)).toBe(16);
    expect(sliderValue({}, FONT_SIZE)).toBe(16);
  });
  it('accepts numeric strings', () => {
    expect(sliderValue('20', FONT_SIZE)).toBe(20);
    expect(sliderValue('2.25', LINE_HEIGHT)).toBe(2.25);
  });
  it('clamps to the range', () => {
    expect(sliderValue(200, FONT_SIZE)).toBe(32);
    expect(sliderValue(4, FONT_SIZE)).toBe(16);
    expect(sliderValue(9, LINE_HEIGHT)).toBe(3);
    expect(sliderValue(-1, LETTER_SPACING)).toBe(1);
    expect(sliderValue(2.6, LETTER_SPACING)).toBe(2.5);
  });
  it('snaps to the step', () => {
    expect(sliderValue(17.4, FONT_SIZE)).toBe(17);
    expect(sliderValue(1.6, LINE_HEIGHT)).toBe(1.5);
    expect(sliderValue(1.65, LINE_HEIGHT)).toBe(1.75);
    expect(sliderValue(2.4, LETTER_SPACING)).toBe(2.5);
  });
});

describe('parseAccessibility', () => {
  it('gives the defaults for anything that is not an object', () => {
    expect(parseAccessibility(null)).toEqual(DEFAULT_ACCESSIBILITY);
    expect(parseAccessibility('x')).toEqual(DEFAULT_ACCESSIBILITY);
    expect(parseAccessibility([1, 2])).toEqual(DEFAULT_ACCESSIBILITY);
  });
  it('keeps valid values and repairs invalid ones one by one', () => {
    expect(
      parseAccessibility({
        fontSize: 24,
        lineHeight: 'tall',
        letterSpacing: 2,
        fontFamily: 'comic-sans',
        grayscaleImages: 'yes',
        toastTimeout: 7000,
      }),
    ).toEqual({
      fontSize: 24,
      lineHeight: 1.5,
      letterSpacing: 2,
      fontFamily: 'configured',
      grayscaleImages: false,
      toastTimeout: 7000,
    });
  });
  it('accepts the three toast timeouts only', () => {
    expect(parseAccessibility({ toastTimeout: -1 }).toastTimeout).toBe(-1);
    expect(parseAccessibility({ toastTimeout: 1000 }).toastTimeout).toBe(3500);
  });
  it('accepts every offered font family', () => {
    for (const f of ['configured', 'andika', 'luciole', 'open-dyslexic']) {
      expect(parseAccessibility({ fontFamily: f }).fontFamily).toBe(f);
    }
  });
});

describe('restore and spacing', () => {
  it('restore puts the sliders at their minimum', () => {
    const r = restoredAccessibility();
    expect([r.fontSize, r.lineHeight, r.letterSpacing]).toEqual([16, 1.5, 1]);
  });
  it('maps the letter-spacing factor to em, reaching the WCAG text-spacing level at the top', () => {
    expect(letterSpacingEm(1)).toBe(0);
    expect(letterSpacingEm(2.5)).toBe(0.12);
  });
});
