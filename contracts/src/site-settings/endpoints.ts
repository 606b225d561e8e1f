import type { AnyEndpoint } from '../endpoints.ts';
import { shellEndpoints } from '../shell-endpoints.ts';

/**
 * The site settings' own call (query-api/src/site-settings/web-language-lines.ts): the language lines that override
 * the web's bundled messages, read by every page as it boots (so declared with the shell's reads). The lines
 * themselves are records of the layer (language-line.ts).
 */
export const siteSettingsEndpoints = {
  webLanguageLines: shellEndpoints.languageLines,
} satisfies Record<string, AnyEndpoint>;
