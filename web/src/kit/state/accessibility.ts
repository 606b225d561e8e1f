/**
 * Accessibility parameters (seed 000 §3, §5, §9): the rules only, so they are proven without a DOM.
 */
export interface SliderRange {
  min: number;
  max: number;
  step: number;
  default: number;
}

export const FONT_SIZE: SliderRange = { min: 16, max: 32, step: 1, default: 16 };
export const LINE_HEIGHT: SliderRange = { min: 1.5, max: 3, step: 0.25, default: 1.5 };
export const LETTER_SPACING: SliderRange = { min: 1, max: 2.5, step: 0.25, default: 1 };

/** The configured font first, then the reading fonts the seed offers (§9). */
export const FONT_FAMILIES = ['configured', 'andika', 'luciole', 'open-dyslexic'] as const;
export type FontFamilyChoice = (typeof FONT_FAMILIES)[number];

/** default 3500 ms, long 7000 ms, none (-1: a toast stays until closed) */
export const TOAST_TIMEOUTS = { default: 3500, long: 7000, none: -1 } as const;
export type ToastTimeout = (typeof TOAST_TIMEOUTS)[keyof typeof TOAST_TIMEOUTS];

export interface AccessibilityParameters {
  fontSize: number;
  lineHeight: number;
  letterSpacing: number;
  fontFamily: FontFamilyChoice;
  grayscaleImages: boolean;
  toastTimeout: ToastTimeout;
}

export const DEFAULT_ACCESSIBILITY: AccessibilityParameters = {
  fontSize: FONT_SIZE.default,
  lineHeight: LINE_HEIGHT.default,
  letterSpacing: LETTER_SPACING.default,
  fontFamily: 'configured',
  grayscaleImages: false,
  toastTimeout: TOAST_TIMEOUTS.default,
};

/**
 * A slider value as stored or typed: a non-numeric value falls back to the default; a number is clamped to
 * the range and snapped to its step, so a hand-edited storage entry cannot produce a 200px page.
 */
export function sliderValue(raw: unknown, range: SliderRange): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(n)) return range.default;
  const clamped = Math.min(range.max, Math.max(range.min, n));
  const snapped = range.min + Math.round((clamped - range.min) / range.step) * range.step;
  return Number(Math.min(range.max, snapped).toFixed(4));
}

function isOneOf<T extends string | number>(values: readonly T[], v: unknown): v is T {
  return (values as readonly unknown[]).includes(v);
}

/** Whatever is stored (possibly hand-edited, possibly an older shape) becomes a valid parameter set. */
export function parseAccessibility(raw: unknown): AccessibilityParameters {
  const o = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const timeouts = Object.values(TOAST_TIMEOUTS) as ToastTimeout[];
  return {
    fontSize: sliderValue(o.fontSize, FONT_SIZE),
    lineHeight: sliderValue(o.lineHeight, LINE_HEIGHT),
    letterSpacing: sliderValue(o.letterSpacing, LETTER_SPACING),
    fontFamily: isOneOf(FONT_FAMILIES, o.fontFamily) ? o.fontFamily : DEFAULT_ACCESSIBILITY.fontFamily,
    grayscaleImages: o.grayscaleImages === true,
    toastTimeout: isOneOf(timeouts, o.toastTimeout) ? o.toastTimeout : DEFAULT_ACCESSIBILITY.toastTimeout,
  };
}

/** "Restore" puts every slider at its minimum (seed 000 §5) and the other choices back to their defaults. */
export function restoredAccessibility(): AccessibilityParameters {
  return {
    ...DEFAULT_ACCESSIBILITY,
    fontSize: FONT_SIZE.min,
    lineHeight: LINE_HEIGHT.min,
    letterSpacing: LETTER_SPACING.min,
  };
}

/**
 * Letter spacing is a factor from 1 (the font's own spacing) to 2.5; 2.5 reaches the 0.12em that WCAG 1.4.12
 * (text spacing) asks content to survive, so the scale goes from normal to that level in even steps.
 */
export function letterSpacingEm(factor: number): number {
  return Number(((factor - LETTER_SPACING.min) * 0.08).toFixed(4));
}
