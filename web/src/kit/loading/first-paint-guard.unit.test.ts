import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_ACCESSIBILITY } from '../state/accessibility.ts';
import { STORAGE_KEYS } from '../state/storage-keys.ts';
import {
  FIRST_PAINT_DROPPED,
  FIRST_PAINT_ELEMENT_ID,
  firstPaintGuard,
  type FirstPaintGuardOptions,
} from './first-paint-guard.ts';

const { toastTimeout: _toast, ...painted } = DEFAULT_ACCESSIBILITY;
const OPTIONS: FirstPaintGuardOptions = {
  elementId: FIRST_PAINT_ELEMENT_ID,
  locale: 'en',
  dark: false,
  keys: {
    locale: STORAGE_KEYS.locale,
    darkTheme: STORAGE_KEYS.darkTheme,
    accessibility: STORAGE_KEYS.accessibilityParameters,
  },
  painted,
};

/** The guard as the page runs it: its text, evaluated on its own (nothing from this module in scope). */
function runInlined(options: FirstPaintGuardOptions) {
  new Function(`(${firstPaintGuard.toString()})(${JSON.stringify(options)})`)();
}

const painting = () => document.getElementById(FIRST_PAINT_ELEMENT_ID) !== null;
let prefersDark = false;

beforeEach(() => {
  document.body.innerHTML = `<div id="${FIRST_PAINT_ELEMENT_ID}"><h1>A page</h1></div><div id="root"></div>`;
  localStorage.clear();
  document.documentElement.removeAttribute(FIRST_PAINT_DROPPED.attribute);
  prefersDark = false;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('dark') && prefersDark,
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the first paint guard', () => {
  test('keeps the paint for a first visit in the painted locale', () => {
    runInlined(OPTIONS);
    expect(painting()).toBe(true);
  });

  test('keeps it when the stored choices are what was painted', () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'en');
    localStorage.setItem(STORAGE_KEYS.darkTheme, 'false');
    localStorage.setItem(
      STORAGE_KEYS.accessibilityParameters,
      JSON.stringify({ ...DEFAULT_ACCESSIBILITY, toastTimeout: 7000 }),
    );
    prefersDark = true; // the stored flag wins over the system's preference
    runInlined(OPTIONS);
    expect(painting()).toBe(true);
  });

  test.each([
    ['another stored language', () => localStorage.setItem(STORAGE_KEYS.locale, 'fr')],
    ['the dark theme stored', () => localStorage.setItem(STORAGE_KEYS.darkTheme, 'true')],
    ['a first visit whose system prefers dark', () => (prefersDark = true)],
    [
      'larger text',
      () => localStorage.setItem(STORAGE_KEYS.accessibilityParameters, JSON.stringify({ fontSize: 32 })),
    ],
    [
      'another font',
      () =>
        localStorage.setItem(STORAGE_KEYS.accessibilityParameters, JSON.stringify({ fontFamily: 'andika' })),
    ],
    [
      'grey images',
      () =>
        localStorage.setItem(STORAGE_KEYS.accessibilityParameters, JSON.stringify({ grayscaleImages: true })),
    ],
    ['unreadable settings', () => localStorage.setItem(STORAGE_KEYS.accessibilityParameters, '{not json')],
  ])('drops the paint for %s', (_name, arrange) => {
    arrange();
    runInlined(OPTIONS);
    expect(painting()).toBe(false);
    expect(document.getElementById('root')).not.toBeNull();
  });

  test("keeps a page painted with the reader's own settings (their cookie) when the storage holds the same", () => {
    const own = { ...painted, fontSize: 24, lineHeight: 2, fontFamily: 'andika' as const };
    localStorage.setItem(STORAGE_KEYS.darkTheme, 'true');
    localStorage.setItem(
      STORAGE_KEYS.accessibilityParameters,
      JSON.stringify({ ...own, toastTimeout: 7000 }),
    );
    runInlined({ ...OPTIONS, dark: true, painted: own });
    expect(painting()).toBe(true);
  });

  test.each([
    ['the light theme stored since', () => localStorage.setItem(STORAGE_KEYS.darkTheme, 'false')],
    ['no stored theme and a system that prefers light', () => (prefersDark = false)],
    [
      'the default text size stored since',
      () => {
        localStorage.setItem(STORAGE_KEYS.darkTheme, 'true');
        localStorage.setItem(STORAGE_KEYS.accessibilityParameters, JSON.stringify({ fontSize: 16 }));
      },
    ],
  ])('drops a page painted dark with larger text for %s', (_name, arrange) => {
    arrange();
    runInlined({ ...OPTIONS, dark: true, painted: { ...painted, fontSize: 24 } });
    expect(painting()).toBe(false);
  });

  test('run in the head, before the paint is parsed, it marks the root so that the paint is never shown', () => {
    document.body.innerHTML = '';
    localStorage.setItem(STORAGE_KEYS.darkTheme, 'true');
    runInlined(OPTIONS);
    expect(document.documentElement.getAttribute(FIRST_PAINT_DROPPED.attribute)).toBe(
      FIRST_PAINT_DROPPED.value,
    );
  });

  test('a paint kept leaves the root unmarked', () => {
    runInlined(OPTIONS);
    expect(document.documentElement.hasAttribute(FIRST_PAINT_DROPPED.attribute)).toBe(false);
  });

  test('a regional variant of the painted language keeps the paint', () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'EN-gb');
    runInlined(OPTIONS);
    expect(painting()).toBe(true);
  });
});
