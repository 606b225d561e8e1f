/// <reference types="vite/client" />

// Build constants injected by vite.config.ts (`define`), from the same variables as the server's config.
declare const __APP_NAME__: string;
declare const __APP_VERSION__: string;
declare const __BUILD_DATE__: string;
declare const __DEFAULT_LOCALE__: string;
declare const __FEATURE_RENTAL__: boolean;
declare const __FEATURE_OPEN_BADGES__: boolean;
declare const __FEATURE_PAGE_NAVIGATION__: boolean;
declare const __FEATURE_GLOBAL_SEARCH__: boolean;
declare const __FEATURE_ARTICLES__: boolean;
declare const __FEATURE_FORUM__: boolean;
declare const __FEATURE_REPOSITORY__: boolean;
declare const __FEATURE_CALENDAR__: boolean;
declare const __FEATURE_COMMENTS__: boolean;
declare const __FEATURE_LIKES__: boolean;
declare const __FEATURE_TRAININGS__: boolean;
declare const __FEATURE_SURVEYS__: boolean;
declare const __FEATURE_EQLAAT__: boolean;
declare const __FEATURE_TRANSACTIONS__: boolean;
declare const __FEATURE_DOCUMENTS__: boolean;
declare const __FEATURE_CONTACTS__: boolean;
declare const __FEATURE_SOFTWARE__: boolean;
declare const __FEATURE_FORMS__: boolean;
declare const __FEATURE_REMINDERS__: boolean;
declare const __FEATURE_AAC_PRODUCTS__: boolean;

// A locale's message files merged (web/message-bundles.ts, kit/i18n/load-messages.ts).
declare module 'virtual:message-bundle/*' {
  const messages: Record<string, string>;
  export default messages;
}
