import { LOCALES, type Locale } from '@platform/contracts/enums';

/**
 * Build constants (vite.config.ts `define`). Unit tests run without the define step, so each falls back to
 * the server config's default.
 */
export const APP_NAME: string = typeof __APP_NAME__ === 'string' ? __APP_NAME__ : 'Assistive Tech Commons';
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0-dev';
export const BUILD_DATE: string = typeof __BUILD_DATE__ === 'string' ? __BUILD_DATE__ : '';
const configuredLocale = typeof __DEFAULT_LOCALE__ === 'string' ? __DEFAULT_LOCALE__ : 'en';
export const DEFAULT_LOCALE: Locale = (LOCALES as readonly string[]).includes(configuredLocale)
  ? (configuredLocale as Locale)
  : 'en';

export const FEATURES = {
  rental: typeof __FEATURE_RENTAL__ === 'boolean' ? __FEATURE_RENTAL__ : true,
  openBadges: typeof __FEATURE_OPEN_BADGES__ === 'boolean' ? __FEATURE_OPEN_BADGES__ : true,
  pageNavigation: typeof __FEATURE_PAGE_NAVIGATION__ === 'boolean' ? __FEATURE_PAGE_NAVIGATION__ : true,
  globalSearch: typeof __FEATURE_GLOBAL_SEARCH__ === 'boolean' ? __FEATURE_GLOBAL_SEARCH__ : true,
  articles: typeof __FEATURE_ARTICLES__ === 'boolean' ? __FEATURE_ARTICLES__ : true,
  forum: typeof __FEATURE_FORUM__ === 'boolean' ? __FEATURE_FORUM__ : true,
  repository: typeof __FEATURE_REPOSITORY__ === 'boolean' ? __FEATURE_REPOSITORY__ : true,
  calendar: typeof __FEATURE_CALENDAR__ === 'boolean' ? __FEATURE_CALENDAR__ : true,
  comments: typeof __FEATURE_COMMENTS__ === 'boolean' ? __FEATURE_COMMENTS__ : true,
  likes: typeof __FEATURE_LIKES__ === 'boolean' ? __FEATURE_LIKES__ : true,
  trainings: typeof __FEATURE_TRAININGS__ === 'boolean' ? __FEATURE_TRAININGS__ : true,
  surveys: typeof __FEATURE_SURVEYS__ === 'boolean' ? __FEATURE_SURVEYS__ : true,
  eqlaat: typeof __FEATURE_EQLAAT__ === 'boolean' ? __FEATURE_EQLAAT__ : true,
  transactions: typeof __FEATURE_TRANSACTIONS__ === 'boolean' ? __FEATURE_TRANSACTIONS__ : true,
  documents: typeof __FEATURE_DOCUMENTS__ === 'boolean' ? __FEATURE_DOCUMENTS__ : true,
  contacts: typeof __FEATURE_CONTACTS__ === 'boolean' ? __FEATURE_CONTACTS__ : true,
  software: typeof __FEATURE_SOFTWARE__ === 'boolean' ? __FEATURE_SOFTWARE__ : true,
  forms: typeof __FEATURE_FORMS__ === 'boolean' ? __FEATURE_FORMS__ : true,
  // reminders are on the eqlaat records: nothing to remind of without them
  reminders:
    (typeof __FEATURE_REMINDERS__ === 'boolean' ? __FEATURE_REMINDERS__ : true) &&
    (typeof __FEATURE_EQLAAT__ === 'boolean' ? __FEATURE_EQLAAT__ : true),
  aacProducts: typeof __FEATURE_AAC_PRODUCTS__ === 'boolean' ? __FEATURE_AAC_PRODUCTS__ : true,
} as const;
