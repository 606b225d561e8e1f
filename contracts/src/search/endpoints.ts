import { defineEndpoint, type AnyEndpoint } from '../endpoints.ts';
import { GlobalSearchDocumentSchema } from './global-search.ts';

/** The global search (query-api/src/search/routes.ts): `search`, `filter[type]`, `page[number]`, `page[size]`. */
export const searchEndpoints = {
  globalSearch: defineEndpoint({
    method: 'GET',
    path: '/services/global-search',
    response: GlobalSearchDocumentSchema,
  }),
} satisfies Record<string, AnyEndpoint>;
