/**
 * Every local-storage key the web uses (seed 000 §3 "Local storage keys"), in one place so that no screen
 * invents its own and a version change can clear them knowingly. Values are JSON unless noted.
 */
export const STORAGE_KEYS = {
  /** app parameters dialog of signed-in users (JSON object) */
  appParameters: 'app-parameters',
  /** fontSize, lineHeight, letterSpacing, fontFamily, grayscaleImages, toastTimeout (JSON object) */
  accessibilityParameters: 'accessibility-parameters',
  /** map of rental model id to quantity (JSON object) */
  rentalCart: 'rental-cart',
  /** pick_up | ship_to_address | ... (JSON string) */
  rentalStrategy: 'rental-strategy',
  /** the booking being checked out (JSON object) */
  rentalBooking: 'rental-booking',
  /** 'true' | 'false' */
  darkTheme: 'dark-theme',
  /** hero carousel autoplay: '1' (default, playing) or '0' (paused) — a bare string, not JSON */
  heroCarouselCycle: 'hero-carousel-cycle',
  /** map of cookie id to boolean (JSON object); mirrored in the cookies_consent cookie */
  cookieConsent: 'cookies-consent',
  /** the chosen locale, a bare string ('fr') */
  locale: 'locale',
  /** the app version that last wrote the storage, a bare string */
  version: 'version',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Name of the consent cookie and how long it lives (seed 000 §9: 365 days). */
export const CONSENT_COOKIE = { name: 'cookies_consent', maxAgeDays: 365 } as const;

/**
 * The reader's own settings (theme, text, font, language) mirrored in a cookie, so that the server paints a page
 * with them (kit/state/reading-cookie.ts; ADR 0018); 365 days, like the consent cookie.
 */
export const READING_COOKIE = { name: 'reading_settings', maxAgeDays: 365 } as const;

/** Session storage: cached localized data, cleared when the environment is saved (seed 000 §4). */
export const SESSION_KEYS = {
  environmentRevision: 'environment-revision',
} as const;
