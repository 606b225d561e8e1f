import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';

/**
 * The newsletters' own routes beside their records' (contracts/src/newsletters/mailing-template.ts, whose routes
 * the resource layer declares): a mailing template previewed as the letter its readers get
 * (query-api/src/newsletters/preview-routes.ts), the path that `newsletterPreviewPath` names (seed 000 §2).
 */
export const newsletterEndpoints = {
  /** the letter as one HTML document (text/html), under the template's own `show` rule */
  preview: defineEndpoint({ method: 'GET', path: '/services/newsletters/preview/:id' }),
} satisfies Record<string, AnyEndpoint>;
